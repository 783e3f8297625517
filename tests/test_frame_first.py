"""Which slot of a subject a question asks: the subject's hits, each filed under a key of
its own, exchange places by their similarity plus how close their frame (the text without
the subject's name) is to the question's. The name, shared by all of them, outweighs the
slot words in a small model's cosine; without it, "Who is in charge of …?" is closer to
the year it was founded than to its director (real MiniLM, no double)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from record_helpers import open_conflict, search_row

from curation import CurationPolicy, MiniLMEmbedder
from curation._change import newest_of_slot_first
from curation._change.frames import _closest_frame_first
from curation._policy import MINILM_MODEL
from curation._ranking import frame_relevance, rank_candidates

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
QUESTION = "Who is in charge of Harrowgate Books?"
FACTS = [  # best first, as MiniLM ranks them for the question (one entry per key)
    "Harrowgate Books; founded; 1998",
    "Harrowgate Books; director; Olu Adebayo",
    "Harrowgate Books; office; Leeds",
    "Penrose Media; director; Kate Lund",
]
SIMILARITY = [0.776, 0.750, 0.700, 0.283]


def _first(
    minilm: MiniLMEmbedder,
    weight: float,
    keys: list[str | None] | None = None,
    unkeyed_weight: float = 0.0,
) -> str:
    """The first hit when only the frame step may move hits (no time bands)."""
    slots = newest_of_slot_first(
        QUESTION,
        FACTS,
        [NOW] * len(FACTS),
        SIMILARITY,
        band=0.0,
        near=0.0,
        frame_relevance=frame_relevance(minilm),
        frame_band=0.20,
        frame_weight=weight,
        unkeyed_frame_weight=unkeyed_weight,
        keys=[f"harrowgate/{n}" for n in range(len(FACTS))] if keys is None else keys,
    )
    return FACTS[slots.order[0]]


def test_the_slot_the_question_asks_comes_first_among_the_subjects_keyed_hits(
    minilm: MiniLMEmbedder,
) -> None:
    assert _first(minilm, weight=0.0) == FACTS[0]  # the search's order: the founding year
    assert _first(minilm, weight=2.0) == FACTS[1]  # the director


def test_hits_sharing_a_key_keep_the_searchs_places_and_unkeyed_ones_weigh_apart(
    minilm: MiniLMEmbedder,
) -> None:
    """Hits under one key are versions of one slot: only the time order moves them. Hits
    under no key move by the frame with a weight of their own (0: they keep their places)."""
    assert _first(minilm, 2.0, ["h", "h", "office", "penrose"]) == FACTS[0]
    assert _first(minilm, 2.0, [None] * len(FACTS)) == FACTS[0]
    assert _first(minilm, 0.0, [None] * len(FACTS), unkeyed_weight=5.0) == FACTS[1]
    assert _first(minilm, 0.0, ["h", "h", None, None], unkeyed_weight=5.0) == FACTS[0]


def _row(content: str, similarity: float, key: str | None) -> Any:
    return search_row(content, similarity, NOW - timedelta(days=3), supersession_key=key)


def _recalled(minilm: MiniLMEmbedder, keys: list[str | None], policy: CurationPolicy) -> list[str]:
    """The texts recall returns for the question, the facts filed under ``keys``."""
    rows = [_row(t, s, key) for t, s, key in zip(FACTS, SIMILARITY, keys, strict=True)]
    hits = rank_candidates(
        rows,
        {},
        policy,
        tenant="t",
        model=MINILM_MODEL,
        now=NOW,
        k=len(rows),
        curated=True,
        query=QUESTION,
        embedder=minilm,
    )
    return [h.content for h in hits]


# no reorder among the near-equal hits: the frame step alone moves them (a "who"
# question's near-equal hits naming someone go above those naming nobody, the founding
# year among them, which would put the director first by itself)
FRAME_ONLY = CurationPolicy(slot_order_near=0.0)


def test_recall_with_the_measured_model_puts_the_asked_slot_first(
    minilm: MiniLMEmbedder,
) -> None:
    keys: list[str | None] = [f"k{n}" for n in range(len(FACTS))]
    recalled = _recalled(minilm, keys, CurationPolicy())
    assert recalled[0] == FACTS[1]
    assert recalled[3] == FACTS[3]  # another subject stays below
    # the founding year names nobody: it cannot answer "who", so the office goes above it
    assert recalled.index(FACTS[2]) < recalled.index(FACTS[0])
    assert _recalled(minilm, keys, FRAME_ONLY)[:2] == [FACTS[1], FACTS[0]]
    unweighed = FRAME_ONLY.model_copy(update={"slot_frame_weight": {MINILM_MODEL: 0.0}})
    assert _recalled(minilm, keys, unweighed)[0] == FACTS[0]


def test_recall_puts_the_asked_slot_first_among_unkeyed_hits_too(
    minilm: MiniLMEmbedder,
) -> None:
    """A store written without keys, as most are: the default policy weighs the frame for
    unkeyed hits and puts the director first; a weight of 0 keeps the founding year,
    closest by the whole text, first — unless the near-equal hits are reordered too: the
    founding year names nobody, so it cannot answer "who"."""
    keys: list[str | None] = [None] * len(FACTS)
    assert _recalled(minilm, keys, CurationPolicy())[0] == FACTS[1]
    assert _recalled(minilm, keys, FRAME_ONLY)[0] == FACTS[1]
    unweighed = {"slot_frame_weight_unkeyed": {MINILM_MODEL: 0.0}}
    assert _recalled(minilm, keys, FRAME_ONLY.model_copy(update=unweighed))[0] == FACTS[0]
    assert _recalled(minilm, keys, CurationPolicy(**unweighed))[0] == FACTS[1]


CLAIM = "Umbrella's account manager is Dana Whitfield."
CORRECTION = "Correction: Marcus Lee owns the Umbrella account."
INBOX = "Umbrella asks that all replies go to their shared support inbox, not to people."


def test_a_claim_held_in_doubt_does_not_rise_back_by_its_frame(minilm: MiniLMEmbedder) -> None:
    """A refuted claim, written like the question, is closer to it by the frame than its
    correction; the open contest demoted it, and the frame step leaves it there (taking
    part, it rose back above the correction: the simulated A/B's lost claims)."""
    rows = [
        search_row(CLAIM, 0.79, NOW - timedelta(days=30)),
        search_row(CORRECTION, 0.615, NOW - timedelta(days=3)),
        search_row(INBOX, 0.43, NOW - timedelta(days=50)),
    ]
    hits = rank_candidates(
        rows,
        {CLAIM: [open_conflict(CLAIM, NOW - timedelta(days=2))]},
        CurationPolicy(),
        tenant="t",
        model=MINILM_MODEL,
        now=NOW,
        k=len(rows),
        curated=True,
        query="Who is Umbrella's account manager?",
        embedder=minilm,
    )
    assert hits[0].content == CORRECTION
    assert [h.content for h in hits].index(CLAIM) > 0


@st.composite
def _hits(draw: st.DrawFn) -> tuple[list[float], dict[int, float], float]:
    n = draw(st.integers(2, 9))
    relevance = sorted(draw(st.lists(st.floats(-1, 1), min_size=n, max_size=n)), reverse=True)
    named = draw(st.sets(st.integers(0, n - 1)))
    frame = {i: draw(st.floats(-1, 1)) for i in sorted(named)}
    return relevance, frame, draw(st.floats(0, 4))


@given(_hits())
def test_only_the_subjects_hits_move_and_each_place_keeps_its_relevance(
    hits: tuple[list[float], dict[int, float], float],
) -> None:
    relevance, frame, scale = hits
    weight = {i: scale for i in frame} if scale > 0 else {}
    order, adjusted = _closest_frame_first(relevance, frame, weight)
    assert sorted(order) == list(range(len(relevance)))
    for place, hit in enumerate(order):
        assert adjusted[hit] == relevance[place]  # the place's relevance, whoever holds it
        if place not in frame:
            assert hit == place  # a hit not naming the subject never moves
    if len(weight) > 1:
        moved = [hit for hit in order if hit in frame]
        combined = [relevance[i] + scale * frame[i] for i in moved]
        assert combined == sorted(combined, reverse=True)
