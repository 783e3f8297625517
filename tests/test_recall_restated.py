"""A value said again after another replaced it is current again: the same text written
twice is one entry with a restatement event, and curated recall reads when it was last
said (the real store, MiniLM)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from curation import MemoryStore, RecallMode

TENANT = "tenures"
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
QUESTION = "Who does Rui Vitória work for?"
BENFICA = "Rui Vitória's employer is Benfica."


def _write(store: MemoryStore, history: list[str], *, dated: bool) -> None:
    for day, content in enumerate(history):
        at = T0 + timedelta(days=30 * day)
        # an import of history gives each line its own time; a live agent writes at "now"
        store.remember(TENANT, content, created_at=at if dated else None, now=at)


def _top(store: MemoryStore) -> str:
    result = store.recall(
        TENANT, QUESTION, k=3, mode=RecallMode.CURATED, now=T0 + timedelta(days=400)
    )
    return result.hits[0].content


HISTORY = [
    BENFICA,
    "Rui Vitória's employer is Fátima.",
    "Rui Vitória's employer is Guimarães.",
    BENFICA,
]


def test_a_value_said_again_live_comes_first(semantic_store: MemoryStore) -> None:
    _write(semantic_store, HISTORY, dated=False)
    assert len(semantic_store.recall(TENANT, QUESTION, k=5, mode=RecallMode.RAW).hits) == 3
    assert _top(semantic_store) == BENFICA


def test_a_value_said_again_in_an_import_of_history_comes_first(
    semantic_store: MemoryStore,
) -> None:
    _write(semantic_store, HISTORY, dated=True)
    assert _top(semantic_store) == BENFICA


def test_a_value_said_twice_before_it_changed_stays_below(semantic_store: MemoryStore) -> None:
    """Said twice, then replaced: the restatement is older than the change."""
    _write(semantic_store, [BENFICA, BENFICA, "Rui Vitória's employer is Fátima."], dated=True)
    assert _top(semantic_store) == "Rui Vitória's employer is Fátima."


def test_the_plan_reads_no_change_away_from_a_value_said_again(
    semantic_store: MemoryStore,
) -> None:
    """Benfica, Fátima, Guimarães, Benfica again: the plan holds Benfica's change to Fátima
    (and Fátima's to Guimarães) for review, but never offers Benfica as replaced by
    Guimarães, said before Benfica was said again."""
    _write(semantic_store, HISTORY, dated=True)
    plan = semantic_store.runs.plan(TENANT, now=T0 + timedelta(days=400))
    contents = {
        m.id: m.content
        for m in semantic_store.recall(TENANT, QUESTION, k=5, mode=RecallMode.RAW).hits
    }
    older = {contents[h.older_id] for h in plan.held} | {
        contents.get(a.memory_id, "") for a in plan.archives
    }
    assert BENFICA not in older
