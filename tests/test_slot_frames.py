"""A slot's statements compared with what the question asks of its subject: the subject's
name, shared by every statement about it, is taken out of both sides first, so another
slot of the same person does not pass for an answer (real MiniLM, no double)."""

from __future__ import annotations

from datetime import UTC, datetime

from curation import MiniLMEmbedder
from curation._change import newest_of_slot_first, without_words
from curation._ranking import frame_relevance

QUESTION = "What is Priya Raman's home city now?"
NOTES = [  # best first, as recall gives them
    "heads up, priya raman moved to london",  # 2019: the current home city
    "fyi priya raman lives in leeds now",  # 2016
    "fyi priya raman works as head of data now",  # 2023: another slot, the newest
    "fyi priya raman works as data analyst now",  # 2016: that slot's older value
]
WRITTEN = [datetime(y, m, d, tzinfo=UTC) for y, m, d in ((2019, 1, 30), (2016, 8, 20))]
WRITTEN += [datetime(y, m, d, tzinfo=UTC) for y, m, d in ((2023, 1, 9), (2016, 9, 1))]
RELEVANCE = [0.797, 0.730, 0.587, 0.55]  # MiniLM's cosine of each note to the question


def _order(minilm: MiniLMEmbedder | None, texts: list[str] = NOTES) -> list[int]:
    n = len(texts)
    return newest_of_slot_first(
        QUESTION,
        texts,
        WRITTEN[:n],
        RELEVANCE[:n],
        band=0.25,
        frame_relevance=None if minilm is None else frame_relevance(minilm),
        frame_band=0.20,
    ).order


def test_the_subjects_words_are_taken_out_possessive_included() -> None:
    subject = frozenset({"priya", "raman"})
    assert without_words("What is Priya Raman's home city now?", subject).split() == [
        "What",
        "is",
        "home",
        "city",
        "now?",
    ]
    assert without_words("payments-api runs on port 8121", frozenset({"payment"})) == (
        " runs on port 8121"
    )


def test_another_slot_of_the_named_subject_does_not_jump_to_the_top(
    minilm: MiniLMEmbedder,
) -> None:
    assert _order(None)[0] == 2  # linked by the name alone: the newest job came first
    assert _order(minilm) == [0, 1, 2, 3]  # the home city, the newer of its two first


def test_a_statement_far_from_the_questions_frame_alone_stays_in_the_slot(
    minilm: MiniLMEmbedder,
) -> None:
    """With one job note only, nothing shows a second slot: the note may be the home city
    written in words of its own, so the slot keeps it (and it comes first, the newest)."""
    assert _order(minilm, NOTES[:3])[0] == 2


def test_one_slot_in_one_frame_stays_one_slot_however_far_its_values(
    minilm: MiniLMEmbedder,
) -> None:
    """A frame band of 0 keeps nothing by distance: the statements sharing "school" with
    the closest one stay in its slot, and the newer value still comes first."""
    texts = [
        "Robert B. Wilson - school is Harvard College, effective 1958-01-01.",
        "For Robert B. Wilson, Harvard Business School has been the school since 1959.",
    ]
    slots = newest_of_slot_first(
        "Robert B. Wilson went to which school?",
        texts,
        [datetime(1958, 1, 1, tzinfo=UTC), datetime(1959, 1, 1, tzinfo=UTC)],
        [0.715, 0.587],
        band=0.25,
        frame_relevance=frame_relevance(minilm),
        frame_band=0.0,
    )
    assert slots.order == [1, 0]


def test_a_second_slot_below_the_band_still_shows_the_far_member_is_another_slot(
    minilm: MiniLMEmbedder,
) -> None:
    """The older job note below the band (out of the slot group's reach) still shows the
    newer one in the band is a slot of its own: the home city stays first."""
    relevance = [*RELEVANCE[:3], 0.45]  # 0.45 < 0.797 - 0.25
    slots = newest_of_slot_first(
        QUESTION,
        NOTES,
        WRITTEN,
        relevance,
        band=0.25,
        frame_relevance=frame_relevance(minilm),
        frame_band=0.20,
    )
    assert slots.order[:2] == [0, 1]
    assert 2 not in slots.newest and 2 not in slots.newest.values()
