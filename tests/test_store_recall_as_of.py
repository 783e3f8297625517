"""Recall as of a past moment: a value superseded since is found as of a time before its
successor was written and not after, nothing written after the moment is a candidate,
decayed noise stays out while a decayed entry's cover written later does not hide it, a
chain's earlier values are out once a later one was written, doubts count once known, the
archived entries' state (explain) is untouched, the result echoes ``as_of``, and a bad
``as_of`` is a typed error naming the field."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from curation_helpers import apply_all, days_ago, seed_mixed, state
from store_helpers import archive

from curation import MemoryRecord, MemoryStore, Status, ValidationError

TENANT = "fleet"
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
QUERY = "which version of PostgreSQL does production run?"


def _written(store: MemoryStore, content: str, days_before: int, **fields: Any) -> MemoryRecord:
    """``content`` written (and created) ``days_before`` T0."""
    at = T0 - timedelta(days=days_before)
    return store.remember(TENANT, content, created_at=at, now=at, **fields)


def history(store: MemoryStore) -> dict[str, str]:
    """v14 written at T0-20d, superseded by v16 (T0-10d); a decayed note (T0-30d); a later
    related fact written at T0-1d."""
    store.tenants.create(TENANT)
    old = _written(store, "Production runs PostgreSQL 14.", 20, supersession_key="pg")
    new = _written(store, "Production runs PostgreSQL 16.", 10, supersession_key="pg")
    decayed = _written(store, "Production once ran PostgreSQL 9 on a laptop.", 30)
    archive(store, TENANT, [decayed.id])
    late = _written(store, "Production PostgreSQL backups run nightly.", 1)
    archive(store, TENANT, [old.id], reason="superseded", superseded_by=new.id)
    return {"old": old.id, "new": new.id, "decayed": decayed.id, "late": late.id}


def test_superseded_value_is_current_before_its_successor_only(
    semantic_store: MemoryStore,
) -> None:
    ids = history(semantic_store)
    assert semantic_store.get(TENANT, ids["old"]).status == Status.ARCHIVED
    before = semantic_store.explain(TENANT, ids["old"])

    then = semantic_store.recall(TENANT, QUERY, k=6, as_of=T0 - timedelta(days=15))
    assert then.ids == [ids["old"]]  # v16, the decayed note and the late fact are out
    assert then.hits[0].archive_reason == "superseded"

    later = semantic_store.recall(TENANT, QUERY, k=6, as_of=T0 - timedelta(days=5))
    assert set(later.ids) == {ids["new"]}

    now = semantic_store.recall(TENANT, QUERY, k=6)
    assert set(now.ids) == {ids["new"], ids["late"]}

    # the vote went to active hits only: the archived entry reads exactly as before
    assert semantic_store.explain(TENANT, ids["old"]) == before
    assert semantic_store.get(TENANT, ids["new"]).recall_count == 2


def test_raw_as_of_is_everything_written_by_then(semantic_store: MemoryStore) -> None:
    ids = history(semantic_store)
    raw = semantic_store.recall(TENANT, QUERY, k=6, mode="raw", as_of=T0 - timedelta(days=15))
    assert set(raw.ids) == {ids["old"], ids["decayed"]}
    every = semantic_store.recall(TENANT, QUERY, k=6, mode="raw", as_of="2026-10-31T12:00:00Z")
    assert set(every.ids) == set(ids.values())
    # before anything was written there is nothing to recall, in either mode
    assert semantic_store.recall(TENANT, QUERY, as_of=T0 - timedelta(days=40)).ids == []


def test_a_run_superseded_value_recalled_as_of_then_still_undoes(store: MemoryStore) -> None:
    """A real pass archives key_old as superseded; an as-of recall that returns it (and
    votes) leaves the run's undo exact."""
    ids = seed_mixed(store, TENANT)
    store.tenants.set_policy(TENANT, apply_all())
    before = state(store, TENANT)
    report = store.runs.curate(TENANT, apply=True)
    assert ids["key_old"] in report.archived_ids
    query = "The deploy target for the web tier"
    then = store.recall(TENANT, query, k=3, as_of=days_ago(5))
    assert ids["key_old"] in then.ids and ids["key_new"] not in then.ids
    later = store.recall(TENANT, query, k=3, as_of=days_ago(1), record=False)
    assert ids["key_old"] not in later.ids
    voted = {h.id for h in then if h.status == Status.ACTIVE}
    store.runs.undo(TENANT, report.run_id)
    after = state(store, TENANT)
    # exactly the prior state, except the vote the as-of recall gave its active hits
    assert {i: v for i, v in after.items() if i not in voted} == {
        i: v for i, v in before.items() if i not in voted
    }
    assert ids["key_old"] not in voted


def chain(store: MemoryStore) -> dict[str, str]:
    """One slot's history, each value archived for the newest (its chain's end), as the
    pass leaves it: a (T0-30d) and b (T0-20d) superseded by d (T0-5d), c (T0-12d) decayed
    with d as its cover; noise (T0-25d) decayed on its own."""
    store.tenants.create(TENANT)
    ids: dict[str, str] = {}
    for name, value, days in [
        ("a", "Mayer", 30),
        ("b", "Schumacher", 20),
        ("c", "Schoenfeld", 12),
        ("d", "Valentiner", 5),
    ]:
        at = T0 - timedelta(days=days)
        text = f"The observatory director is {value}."
        ids[name] = store.remember(TENANT, text, created_at=at, now=at).id
    at = T0 - timedelta(days=25)
    ids["noise"] = store.remember(TENANT, "observatory director log ok", created_at=at, now=at).id
    archive(store, TENANT, [ids["a"], ids["b"]], reason="superseded", superseded_by=ids["d"])
    archive(store, TENANT, [ids["c"]], reason="decayed", superseded_by=ids["d"])
    archive(store, TENANT, [ids["noise"]])
    return ids


def test_as_of_finds_the_value_current_then_along_a_chain(store: MemoryStore) -> None:
    ids = chain(store)
    query = "who is the observatory director?"

    def current(days: int) -> list[str]:
        found = store.recall(TENANT, query, k=6, as_of=T0 - timedelta(days=days), record=False)
        return found.ids

    assert current(22) == [ids["a"]]  # noise decayed on its own stays out
    assert current(15) == [ids["b"]]  # a was replaced by b along the chain
    assert current(8) == [ids["c"]]  # decayed for its cover d, written later
    assert store.recall(TENANT, query, k=6, record=False).ids == [ids["d"]]


def test_a_doubt_counts_as_of_once_its_claim_was_written(store: MemoryStore) -> None:
    store.tenants.create(TENANT)
    old_at, new_at = T0 - timedelta(days=20), T0 - timedelta(days=5)
    old = store.remember(TENANT, "The plan is Basic.", created_at=old_at, now=old_at)
    new = store.remember(TENANT, "The plan is Pro.", created_at=new_at, now=new_at)
    store.contest(
        TENANT,
        old.id,
        "The plan is Pro.",
        "a newer statement",
        related_memory_id=new.id,
        detected_by="pass",
        now=T0,
    )
    then = store.recall(TENANT, "which plan?", as_of=T0 - timedelta(days=10), record=False)
    assert then.ids == [old.id] and then.hits[0].conflicts == []
    later = store.recall(TENANT, "which plan?", as_of=T0, record=False)
    assert [c.related_memory_id for c in later.hits[later.ids.index(old.id)].conflicts] == [new.id]


def test_the_result_echoes_as_of(store: MemoryStore) -> None:
    store.tenants.create(TENANT)
    result = store.recall(TENANT, QUERY, as_of="2026-10-31T12:00:00Z", record=False)
    assert result.as_of == datetime(2026, 10, 31, 12, tzinfo=UTC)
    assert result.to_dict()["as_of"] == "2026-10-31T12:00:00+00:00"
    assert store.recall(TENANT, QUERY, record=False).as_of is None


@pytest.mark.parametrize("bad", ["last year", 2020, "2026-13-01", "0001-01-01T00:00:00Z"])
def test_bad_as_of_is_a_typed_error(semantic_store: MemoryStore, bad: object) -> None:
    semantic_store.tenants.create(TENANT)
    with pytest.raises(ValidationError) as caught:
        semantic_store.recall(TENANT, QUERY, as_of=bad)  # type: ignore[arg-type]
    assert caught.value.field == "as_of"
