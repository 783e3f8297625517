"""The curator routes (/v1/curator, curator keys only) do what the CLI does, through the
same store methods, and only within the key's tenant."""

from __future__ import annotations

import uuid

from api_helpers import Served, error_of
from curation_helpers import CACHE_LESSON, MIGRATION_LESSON, UNRELATED, account_manager_change

from curation import MAX_CONTENT_CHARS, MemoryStore

T = "fleet"


def test_curate_is_a_dry_run_unless_asked_and_proposals_are_decided(served: Served) -> None:
    store = served.store
    for lesson in (MIGRATION_LESSON, CACHE_LESSON):
        store.remember_many(T, [{"content": c} for c in lesson])
    store.remember_many(T, [{"content": c} for c in UNRELATED[:6]])
    with served.client(served.key(T, "curator", name="ops")) as curator:
        dry = curator.post("/v1/curator/curate", json={})
        assert dry.status_code == 200 and dry.json()["dry_run"] is True
        assert curator.get("/v1/curator/proposals").json() == []
        applied = curator.post("/v1/curator/curate", json={"apply": True}).json()
        assert applied["applied"]["proposals_created"] == 2
        first, second = curator.get("/v1/curator/proposals").json()

        approved = curator.post(f"/v1/curator/proposals/{first['id']}/approve")
        assert approved.status_code == 200
        principle = approved.json()[0]["principle_id"]
        rejected = curator.post(
            f"/v1/curator/proposals/{second['id']}/reject", json={"note": "different lessons"}
        )
        assert rejected.status_code == 204
        again = curator.post(f"/v1/curator/proposals/{second['id']}/approve")
        assert again.status_code == 409 and error_of(again)["type"] == "conflict"
        assert curator.get("/v1/curator/proposals").json() == []
        decided = curator.get("/v1/curator/proposals", params={"status": "all"}).json()
        assert {p["status"] for p in decided} == {"approved", "rejected"}

        member = next(m for m in first["member_ids"] if m != principle)
        assert store.get(T, member).status == "archived"
        restored = curator.post(f"/v1/curator/memories/{member}/restore")
        assert restored.status_code == 200 and restored.json()["status"] == "active"
        pinned = curator.post(f"/v1/curator/memories/{member}/pin", json={})
        assert pinned.json()["pinned"] is True
        runs = curator.get("/v1/curator/runs").json()
        assert len(runs) == 2
        store.runs.undo(T, applied["run_id"])
        withdrawn = curator.get("/v1/curator/proposals", params={"status": "withdrawn"})
        assert withdrawn.status_code == 200 and withdrawn.json() == []  # both were decided
        statuses = {r["id"]: r["status"] for r in curator.get("/v1/curator/runs").json()}
        assert statuses == {dry.json()["run_id"]: "dry_run", applied["run_id"]: "undone"}
    assert {
        e.actor for e in store.ledger.events(T, types=["approve", "reject", "restore", "pin"])
    } == {"key:ops"}


def test_conflicts_are_listed_and_resolved(served: Served) -> None:
    memory = served.store.remember(T, "the api listens on port 80")
    with served.client(served.key(T, "agent")) as agent:
        opened = agent.post(
            f"/v1/memories/{memory.id}/contest",
            json={"claim": "it moved to 8787", "evidence": "the release notes"},
        ).json()
    with served.client(served.key(T, "curator")) as curator:
        (listed,) = curator.get("/v1/curator/conflicts").json()
        assert listed["id"] == opened["id"] and listed["claim"] == "it moved to 8787"
        bad = curator.post(
            f"/v1/curator/conflicts/{opened['id']}/resolve", json={"resolution": "shrug"}
        )
        assert bad.status_code == 422 and error_of(bad)["value"] == "shrug"
        resolved = curator.post(
            f"/v1/curator/conflicts/{opened['id']}/resolve",
            json={"resolution": "replace", "replacement": "the api listens on port 8787"},
        )
        assert resolved.status_code == 200, resolved.text
        assert curator.get("/v1/curator/conflicts").json() == []
    assert served.store.get(T, memory.id).status == "archived"


def test_curator_ids_of_another_tenant_answer_404(served: Served) -> None:
    other = served.store.remember("other", "not yours")
    with served.client(served.key(T, "curator")) as curator:
        for path, body in [
            (f"/v1/curator/memories/{other.id}/restore", None),
            (f"/v1/curator/memories/{other.id}/pin", {}),
            (f"/v1/curator/proposals/{uuid.uuid4()}/approve", None),
            (f"/v1/curator/conflicts/{uuid.uuid4()}/resolve", {"resolution": "dismiss"}),
        ]:
            response = curator.post(path, json=body)
            assert response.status_code == 404, (path, response.text)
    assert served.store.get("other", other.id).pinned is False


def _held_change(store: MemoryStore, tenant: str = T) -> tuple[str, str]:
    """A key-less change the pass infers, held by the review gate: the tenant has no reviews
    yet."""
    old, new = account_manager_change(store, tenant, inferred_min_reviewed=1)
    return old.id, new.id


def test_held_changes_are_listed_confirmed_and_rejected(served: Served) -> None:
    store = served.store
    old, new = _held_change(store)
    with served.client(served.key(T, "curator", name="ops")) as curator:
        report = curator.post("/v1/curator/curate", json={"apply": True}).json()
        assert report["applied"]["held_for_review"] == 1
        assert store.get(T, old).status == "active"
        [change] = curator.get("/v1/curator/changes").json()
        assert (change["older_id"], change["newer_id"], change["status"]) == (old, new, "pending")
        assert "Dana Ruiz" in change["older_content"] and change["detail"]
        gate = curator.get("/v1/curator/changes/gate").json()
        assert (gate["pending"], gate["reviewed"], gate["auto_apply_earned"]) == (1, 0, False)

        confirmed = curator.post(
            f"/v1/curator/changes/{change['id']}/confirm", json={"note": "moved accounts"}
        )
        assert confirmed.status_code == 200, confirmed.text
        assert (confirmed.json()["status"], confirmed.json()["archived"]) == ("confirmed", True)
        assert store.get(T, old).status == "archived"
        assert curator.get("/v1/curator/changes").json() == []
        [decided] = curator.get("/v1/curator/changes", params={"status": "all"}).json()
        assert (decided["status"], decided["note"], decided["decided_by"]) == (
            "confirmed",
            "moved accounts",
            "key:ops",
        )
        assert curator.get("/v1/curator/changes/gate").json()["auto_apply_earned"] is True

        again = curator.post(f"/v1/curator/changes/{change['id']}/reject")
        assert again.status_code == 409 and error_of(again)["type"] == "conflict"
        assert "already confirmed" in error_of(again)["message"]
        unknown = curator.post(f"/v1/curator/changes/{uuid.uuid4()}/confirm")
        assert unknown.status_code == 404 and error_of(unknown)["field"] == "change"
        malformed = curator.post("/v1/curator/changes/nope/reject")
        assert malformed.status_code == 422 and error_of(malformed)["field"] == "change_id"
        bad_filter = curator.get("/v1/curator/changes", params={"status": "maybe"})
        assert bad_filter.status_code in (400, 422) and "Traceback" not in bad_filter.text


def test_a_rejected_change_keeps_both_and_other_tenants_cannot_decide(served: Served) -> None:
    store = served.store
    old, new = _held_change(store)
    store.runs.curate(T, apply=True)
    [change] = store.curator.changes(T)
    with served.client(served.key("other", "curator")) as stranger:
        refused = stranger.post(f"/v1/curator/changes/{change.id}/reject")
        assert refused.status_code == 404
        assert stranger.get("/v1/curator/changes", params={"status": "all"}).json() == []
    with served.client(served.key(T, "curator")) as curator:
        rejected = curator.post(f"/v1/curator/changes/{change.id}/reject", json={})
        assert rejected.status_code == 200 and rejected.json()["status"] == "rejected"
    assert store.get(T, old).status == "active" and store.get(T, new).status == "active"
    assert store.curator.change_gate(T).rejected == 1
    with served.client(served.key(T, "agent")) as agent:  # the curator's acts only
        assert agent.get("/v1/curator/changes").status_code == 403


def test_a_proposal_is_approved_with_the_curator_s_edited_text(served: Served) -> None:
    store = served.store
    members = [r.id for r in store.remember_many(T, [{"content": c} for c in CACHE_LESSON])]
    store.remember_many(T, [{"content": c} for c in UNRELATED[:6]])
    edited = "Flush the redis session cache after any auth gateway change"
    with served.client(served.key(T, "curator", name="ops")) as curator:
        curator.post("/v1/curator/curate", json={"apply": True})
        [proposal] = curator.get("/v1/curator/proposals").json()
        url = f"/v1/curator/proposals/{proposal['id']}/approve"
        for bad, field in [("  ", "text"), ("x" * (MAX_CONTENT_CHARS + 1), "text")]:
            refused = curator.post(url, json={"text": bad})
            assert refused.status_code == 422 and error_of(refused)["field"] == field
        wrong_type = curator.post(url, json={"text": 7})
        assert wrong_type.status_code == 422
        assert curator.get("/v1/curator/proposals").json() == [proposal]  # still pending

        approved = curator.post(url, json={"text": edited})

        assert approved.status_code == 200, approved.text
        [result] = approved.json()
        assert (result["text"], result["edited"], result["subsumed"]) == (
            edited,
            True,
            len(members),
        )
    assert store.get(T, result["principle_id"]).content == edited
    [event] = store.ledger.events(T, types=["approve"])
    assert event.actor == "key:ops"
    assert (event.data["proposed_text"], event.data["edited_text"]) == (proposal["text"], edited)
