"""The question's frame at recall embeds each frame text once per embedder: a question asked
again (or another about the same subject) reuses the kept vectors, with the same cosines."""

from __future__ import annotations

from collections.abc import Sequence

from curation._embedding import HashingEmbedder, Vectors
from curation._ranking import frame_relevance


class CountingEmbedder:
    """A real embedder (hashing) that records what it was asked to embed."""

    def __init__(self) -> None:
        self.inner = HashingEmbedder()
        self.dimension = self.inner.dimension
        self.model_name = self.inner.model_name
        self.asked: list[str] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.asked.extend(texts)
        return self.inner.embed(texts)


class UnhashableEmbedder(CountingEmbedder):
    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        return self is other


QUESTION = "What is home city now?"
FRAMES = [" moved to london", " lives in leeds now", " works as head of data now"]


def test_a_frame_is_embedded_once_and_scores_the_same_again() -> None:
    embedder = CountingEmbedder()
    first = frame_relevance(embedder)(QUESTION, FRAMES)
    assert sorted(embedder.asked) == sorted([QUESTION, *FRAMES])
    again = frame_relevance(embedder)(QUESTION, [*FRAMES, " moved to cardiff"])
    assert embedder.asked[4:] == [" moved to cardiff"]  # only what is new
    assert again[:3] == first


def test_each_embedder_keeps_its_own_vectors() -> None:
    one, other = CountingEmbedder(), CountingEmbedder()
    frame_relevance(one)(QUESTION, FRAMES)
    frame_relevance(other)(QUESTION, FRAMES)
    assert len(other.asked) == 1 + len(FRAMES)


def test_an_embedder_that_cannot_be_kept_is_asked_every_time() -> None:
    embedder = UnhashableEmbedder()
    first = frame_relevance(embedder)(QUESTION, FRAMES)
    second = frame_relevance(embedder)(QUESTION, FRAMES)
    assert first == second and len(embedder.asked) == 2 * (1 + len(FRAMES))
