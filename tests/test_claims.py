"""Claims: a dialogue turn split into its statements at write time, each embedded; curated
recall scores the turn by a blend of whole-turn and best-claim similarity and puts a
later conversation's restatement of a claim above the earlier one (never archiving or
demoting anything). Pure rules first, then the store on the hashing embedder."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import numpy as np
from sqlalchemy import text

from curation import CurationPolicy, FixedClock, MemoryStore, split_claims
from curation._claims import blended_similarity, newer_claims_first

T = "dialogue"
OTHER = "elsewhere"
DAY = 86400.0
# the default cosine for a claim update is MiniLM's; the hashing embedder gets its own
HASHING_CLAIMS = CurationPolicy(claim_update_cosine={"*": 0.7})

FILLER = (
    "We talked about the weather on the coast this weekend. "
    "The train to the city was late again on Monday morning. "
    "My sister sent photos of her new garden and the tomatoes. "
    "I finished reading a long novel about a lighthouse keeper. "
    "The neighbours painted their fence a bright shade of green. "
)


def test_a_turn_splits_into_its_sentences_and_list_items() -> None:
    content = (
        "user: I moved to Lisbon last spring. It rains less here!\n"
        "- the rent is 900 euros a month\n"
        "2. Ok.\n"
        "I moved to Lisbon last spring."
    )
    assert split_claims(content) == [
        "user: I moved to Lisbon last spring.",
        "It rains less here!",
        "the rent is 900 euros a month",
        "I moved to Lisbon last spring.",
    ]
    assert split_claims("user: Thanks, see you tomorrow at the gym.") == []  # one statement
    assert split_claims("Ok. Yes. Sure thing.") == []  # fragments are not claims
    assert len(split_claims(". ".join(f"Claim number {n} here" for n in range(50)))) == 32


def test_a_best_claim_lifts_a_turn_and_an_entry_without_claims_is_unchanged() -> None:
    whole = np.array([0.40, 0.70])
    best = np.array([0.90, 0.70])
    assert np.allclose(blended_similarity(whole, best, 0.5), [0.65, 0.70])
    assert np.allclose(blended_similarity(whole, np.array([0.2, 0.1]), 0.5), whole)
    assert np.allclose(blended_similarity(whole, best, 1.0), whole)


def _vectors(*rows: list[float]) -> np.ndarray:
    array = np.array(rows, dtype=np.float32)
    return array / np.linalg.norm(array, axis=1, keepdims=True)


def test_a_later_restatement_of_a_claim_ranks_just_above_the_earlier() -> None:
    score = np.array([0.80, 0.75, 0.70])
    times = [0.0, 10 * DAY, 20 * DAY]
    same = _vectors([1, 0.1, 0], [1, 0, 0.1], [0, 1, 0])
    lifted = newer_claims_first(score, times, same, margin=0.1, cosine=0.9, apart_seconds=DAY)
    assert list(np.argsort(-lifted, kind="stable")) == [1, 0, 2]
    assert lifted[0] == score[0] and lifted[2] == score[2]  # nobody is demoted

    # the same conversation (not apart), too far below, or another claim: unchanged
    close = [0.0, 3600.0, 20 * DAY]
    for args in (
        (score, close, same, 0.1, 0.9),
        (np.array([0.80, 0.60, 0.70]), times, same, 0.1, 0.9),
        (score, times, same, 0.1, 0.999),
    ):
        kept = newer_claims_first(
            args[0], args[1], args[2], margin=args[3], cosine=args[4], apart_seconds=DAY
        )
        assert np.array_equal(kept, args[0])


def test_a_chain_of_updates_ends_with_the_newest_on_top() -> None:
    score = np.array([0.80, 0.78, 0.76])
    one_claim = _vectors([1, 0], [1, 0.05], [1, 0.1])
    lifted = newer_claims_first(
        score, [0.0, 5 * DAY, 9 * DAY], one_claim, margin=0.1, cosine=0.9, apart_seconds=DAY
    )
    assert list(np.argsort(-lifted, kind="stable")) == [2, 1, 0]


def _claim_rows(store: MemoryStore, tenant: str) -> list[tuple[str, int, str]]:
    with store.db.transaction(tenant) as conn:
        rows = conn.execute(
            text("SELECT memory_id, ordinal, content FROM memory_claim ORDER BY memory_id, ordinal")
        ).all()
    return [(str(r.memory_id), r.ordinal, r.content) for r in rows]


def test_dialogue_turns_are_stored_with_their_claims_for_their_tenant_only(
    store: MemoryStore,
) -> None:
    turn = store.remember(T, "user: " + FILLER, kind="conversation")
    short = store.remember(T, "user: I like green tea in the morning.", kind="conversation")
    fact = store.remember(T, FILLER, kind="fact")  # facts are not in claim_kinds
    store.remember(OTHER, "user: " + FILLER, kind="conversation")

    rows = _claim_rows(store, T)
    assert {r[0] for r in rows} == {turn.id}
    assert [r[1] for r in rows] == [0, 1, 2, 3, 4]
    assert rows[0][2] == "user: We talked about the weather on the coast this weekend."
    assert short.id not in {r[0] for r in rows} and fact.id not in {r[0] for r in rows}
    assert len(_claim_rows(store, OTHER)) == 5  # row-level security: each sees its own

    store.tenants.set_policy(
        T, store.tenants.policy(T).model_copy(update={"claim_kinds": frozenset()})
    )
    plain = store.remember(T, "user: " + FILLER.replace("weather", "tide"), kind="conversation")
    assert plain.id not in {r[0] for r in _claim_rows(store, T)}


def test_curated_recall_finds_the_turn_whose_one_claim_answers(store: MemoryStore) -> None:
    answer = store.remember(
        T, "user: " + FILLER + "My gym membership costs forty dollars a month.", kind="conversation"
    )
    near = store.remember(T, "user: Does my gym have a pool?", kind="conversation")
    query = "how much does my gym membership cost a month"

    raw = store.recall(T, query, k=2, mode="raw", record=False)
    curated = store.recall(T, query, k=2, record=False)

    assert raw.ids == [near.id, answer.id]  # the long turn's one vector is diluted
    assert curated.ids == [answer.id, near.id]
    assert {h.similarity for h in curated.hits} == {h.similarity for h in raw.hits}


def amount_turns(
    store: MemoryStore, clock: FixedClock, older_age: timedelta, newer_age: timedelta
) -> tuple[Any, Any]:
    """Two long turns whose one shared claim changes its amount, written that long ago."""
    now = clock.now()
    store.tenants.set_policy(T, HASHING_CLAIMS)
    older = store.remember(
        T,
        "user: " + FILLER + "My pre-approval amount is 350,000 dollars.",
        kind="conversation",
        created_at=now - older_age,
    )
    newer = store.remember(
        T,
        "user: "
        + FILLER.replace("novel", "memoir")
        + "My pre-approval amount is now 400,000 dollars.",
        kind="conversation",
        created_at=now - newer_age,
    )
    return older, newer


def test_a_later_conversation_updating_a_claim_ranks_first_and_nothing_is_archived(
    store: MemoryStore, clock: FixedClock
) -> None:
    older, newer = amount_turns(store, clock, timedelta(days=30), timedelta(days=3))
    query = "what is my pre-approval amount"

    raw = store.recall(T, query, k=2, mode="raw", record=False)
    curated = store.recall(T, query, k=2, record=False)

    assert raw.ids == [older.id, newer.id]
    assert curated.ids == [newer.id, older.id]
    assert [h.status for h in curated.hits] == ["active", "active"]
    assert all(not h.conflicts for h in curated.hits)


def test_a_restatement_in_the_same_conversation_is_not_an_update(
    store: MemoryStore, clock: FixedClock
) -> None:
    older, _ = amount_turns(store, clock, timedelta(hours=2), timedelta(hours=1))
    curated = store.recall(T, "what is my pre-approval amount", k=2, record=False)
    assert curated.ids[0] == older.id
