"""A re-statement that revives a stale value meets the checks a new write meets. The
revived entry is judged as what it is (its stored key, kind, topic and generality, which
an agent re-stating the sentence does not repeat) and as said when re-stated: under its
key it replaces the entry that had replaced it; without supersession ``apply`` the two
stay side by side, as for a new write, and the next check is the pass's. Only new
evidence revives (README): a re-statement dated at or before the archive does not."""

from __future__ import annotations

from api_helpers import serving
from curation_helpers import apply_only, days_ago

from curation import MemoryStore

T = "fleet"
OLD = "The deploy target for the web tier is the blue pool"
NEW = "The deploy target for the web tier is the green pool"
KEY = "deploy-target"


def _superseded_by_key(store: MemoryStore) -> tuple[str, str]:
    store.tenants.set_policy(T, apply_only("supersession", compression=False))
    old = store.remember(T, OLD, supersession_key=KEY, created_at=days_ago(10)).id
    new = store.remember(T, NEW, supersession_key=KEY, created_at=days_ago(2))
    assert new.superseded_ids == [old] and store.get(T, old).status == "archived"
    return old, new.id


def test_an_undated_http_restatement_without_the_key_replaces_the_replacement(
    store: MemoryStore,
) -> None:
    old, new = _superseded_by_key(store)
    with serving(store) as served, served.client(served.key(T)) as agent:
        answer = agent.post("/v1/memories", json={"content": OLD})  # no key, no date

    assert answer.status_code == 200, answer.text  # nothing created
    [result] = answer.json()["results"]
    assert (result["id"], result["revived"], result["superseded_ids"]) == (old, True, [new])
    # before: both active under one key, no supersession and no conflict
    assert [store.get(T, m).status for m in (old, new)] == ["active", "archived"]
    replaced = store.get(T, new)
    assert (replaced.archive_reason, replaced.superseded_by) == ("superseded", old)


def test_a_revival_under_a_key_without_supersession_apply_leaves_both_as_a_write_would(
    store: MemoryStore,
) -> None:
    old, new = _superseded_by_key(store)
    store.tenants.set_policy(T, apply_only("contradiction", compression=False))

    again = store.remember(T, OLD)

    assert again.revived and again.superseded_ids == []
    # keyed entries are supersession's job, on write as in the pass: no conflict either
    assert [store.get(T, m).status for m in (old, new)] == ["active", "active"]


def test_a_restatement_dated_before_the_archive_revives_nothing(store: MemoryStore) -> None:
    old, new = _superseded_by_key(store)
    again = store.remember(T, OLD, created_at=days_ago(5))
    assert again.restated and not again.revived
    assert [store.get(T, m).status for m in (old, new)] == ["archived", "active"]
