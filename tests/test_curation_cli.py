"""The curation CLI as a user runs it: ``memgov`` against the test's database
(MEMGOV_DATABASE_URL), with the hashing embedder except for ``calibrate``; in process
(``run_cli``: the same exit status and output without a start-up per call), and once as
the console script in a subprocess.
Setup and checks go through an in-process store on the same database; every command
acts at ``--now`` T0 so the run is deterministic."""

from __future__ import annotations

from datetime import timedelta

import pytest
from cli_helpers import NOW, as_json, memgov, run_cli
from curation_helpers import (
    CACHE_LESSON,
    T0,
    UNRELATED,
    account_manager_change,
    apply_only,
    seed_mixed,
    seed_mixed_decaying,
    state,
    table_counts,
)
from sqlalchemy import text

from curation import MemoryStore, NotFoundError
from curation._policy import MINILM_MODEL, CurationPolicy

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

T = "fleet"


def test_curate_dry_run_then_enable_writes_apply_and_undo(
    store: MemoryStore, env: dict[str, str]
) -> None:
    seed_mixed_decaying(store, T)
    before = state(store, T)

    earlier = (T0 - timedelta(hours=1)).isoformat()
    dry = as_json(run_cli(env, "curate", "-t", T, "--json", "--now", earlier))

    assert dry["dry_run"] is True and dry["tenant"] == T
    assert dry["planned"]["superseded"] == 2 and dry["planned"]["decayed"] == 3
    assert dry["applied"]["writing"] == []
    assert dry["applied"]["decayed"] == dry["applied"]["superseded"] == 0
    assert state(store, T) == before

    policy = as_json(run_cli(env, "policy", "set", "-t", T, "--enable-writes"))
    for mechanic in ("supersession", "duplicates", "decay", "contradiction", "subsumption"):
        assert policy[mechanic] == "apply"
        assert getattr(store.tenants.policy(T), mechanic).value == "apply"

    applied = as_json(run_cli(env, "curate", "-t", T, "--apply", "--json", *NOW))

    assert applied["dry_run"] is False
    counts = applied["applied"]
    assert (counts["superseded"], counts["duplicates_archived"], counts["decayed"]) == (2, 2, 3)
    assert (counts["conflicts_opened"], counts["proposals_created"]) == (1, 1)
    assert counts["skipped_stale"] == 0
    assert applied["active_after"] == store.counts(T).active == len(before) - 7
    assert sorted(applied["archived_ids"]) == sorted(
        m.id for m in store.memories(T, status="archived")
    )
    runs = as_json(run_cli(env, "runs", "-t", T, "--json"))
    assert [r["status"] for r in runs] == ["applied", "dry_run"]
    assert runs[0]["id"] == applied["run_id"]

    undone = as_json(run_cli(env, "undo", applied["run_id"], "-t", T, "--json", *NOW))

    assert undone == {
        "restored": 7,
        "merges_reverted": 2,
        "conflicts_dismissed": 1,
        "proposals_withdrawn": 1,
        "status_before": "applied",
        "undone_at": T0.isoformat(),
        "reverted": {},  # a rewind's undo: its rows put back per table
    }
    assert state(store, T) == before


def test_human_readable_curate_report(store: MemoryStore, env: dict[str, str]) -> None:
    seed_mixed(store, T)
    out = memgov(env, "curate", "-t", T, *NOW).stdout
    assert out.startswith("DRY RUN run ")
    # the default policy keeps the three idle hotfix facts: each is the only record of it
    assert "decayed: planned 0, applied 0" in out
    assert "superseded: planned 2" in out
    assert "modes: supersession=dry_run" in out


def test_proposals_list_and_approve(store: MemoryStore, env: dict[str, str]) -> None:
    lessons = [r.id for r in store.remember_many(T, [{"content": c} for c in CACHE_LESSON])]
    store.remember_many(T, [{"content": c} for c in UNRELATED[:5]])
    report = as_json(run_cli(env, "curate", "-t", T, "--apply", "--json", *NOW))
    assert report["applied"]["proposals_created"] == 1

    [proposal] = as_json(run_cli(env, "proposals", "list", "-t", T, "--json"))
    assert sorted(proposal["member_ids"]) == sorted(lessons)

    edited = "Flush the redis session cache after every auth gateway change"
    refused = run_cli(env, "proposals", "approve", proposal["id"], "-t", T, "--text", " ", code=2)
    assert "text=' '" in refused.stderr and "Traceback" not in refused.stderr
    both = run_cli(
        env,
        "proposals",
        "approve",
        proposal["id"],
        proposal["id"],
        "-t",
        T,
        "--text",
        edited,
        code=2,
    )
    assert "text=" in both.stderr and "edits one proposal" in both.stderr
    assert len(as_json(run_cli(env, "proposals", "list", "-t", T, "--json"))) == 1

    [approved] = as_json(
        run_cli(env, "proposals", "approve", proposal["id"], "-t", T, "--text", edited, *NOW)
    )

    principle = approved["principle_id"]
    assert principle not in lessons and approved["subsumed"] == len(lessons)
    assert (approved["text"], approved["edited"]) == (edited, True)
    assert store.get(T, principle).content == edited
    [event] = store.ledger.events(T, types=["approve"])
    assert (event.data["proposed_text"], event.data["edited_text"]) == (proposal["text"], edited)
    for member in set(lessons) - {principle}:
        m = store.get(T, member)
        assert (m.archive_reason, m.parent_id) == ("subsumed", principle)
    assert as_json(run_cli(env, "proposals", "list", "-t", T, "--json")) == []
    assert store.curator.proposals(T, status="approved")[0].decided_by == "cli"


def test_conflicts_list_and_resolve(store: MemoryStore, env: dict[str, str]) -> None:
    ids = seed_mixed(store, T)
    policy = as_json(
        run_cli(env, "policy", "set", "-t", T, "contradiction=apply", "compression=off")
    )
    assert (policy["contradiction"], policy["decay"]) == ("apply", "dry_run")
    run_cli(env, "curate", "-t", T, "--apply", "--json", *NOW)

    [conflict] = as_json(run_cli(env, "conflicts", "list", "-t", T, "--json"))
    assert (conflict["memory_id"], conflict["related_memory_id"]) == (
        ids["claim_old"],
        ids["claim_new"],
    )
    assert conflict["status"] == "open" and conflict["detected_by"] == "pass"

    resolved = as_json(
        run_cli(
            env,
            "conflicts",
            "resolve",
            conflict["id"],
            "-t",
            T,
            "--resolution",
            "replace",
            "--note",
            "the bank revised it",
            *NOW,
        )
    )

    assert resolved["replacement_id"] == ids["claim_new"] and resolved["archived"] is True
    old = store.get(T, ids["claim_old"])
    assert (old.status, old.superseded_by) == ("archived", ids["claim_new"])
    assert as_json(run_cli(env, "conflicts", "list", "-t", T, "--json")) == []
    [done] = store.ledger.conflicts(T, status=None)
    assert (done.status, done.resolution_note) == ("resolved", "the bank revised it")


def test_compact_needs_yes_and_deletes_only_past_the_grace_period(
    store: MemoryStore, env: dict[str, str]
) -> None:
    ids = seed_mixed(store, T)
    month_ago = T0 - timedelta(days=30)
    store.tenants.set_policy(T, apply_only("decay", compression=False))
    old_run = store.runs.curate(T, apply=True, now=month_ago, force_now_reason="a month-old run")
    store.tenants.set_policy(T, apply_only("supersession", compression=False))
    new_run = store.runs.curate(T, apply=True)
    assert sorted(old_run.archived_ids) == sorted(ids["stale"])
    recent = new_run.archived_ids
    assert sorted(recent) == sorted([ids["key_old"], ids["key_narrow"]])
    counts = table_counts(store, T)
    with store.db.transaction(T) as conn:
        event_ids = set(
            conn.execute(text("SELECT id FROM event WHERE tenant = :t"), {"t": T}).scalars()
        )

    refused = run_cli(env, "compact", "-t", T, "--grace-days", "14", *NOW, code=2)

    assert "--yes" in refused.stderr
    assert table_counts(store, T) == counts

    done = run_cli(env, "compact", "-t", T, "--grace-days", "14", "--yes", *NOW)

    assert done.stdout.startswith("3 archived memories deleted")
    for gone in ids["stale"]:
        with pytest.raises(NotFoundError):
            store.get(T, gone)
    assert all(store.get(T, m).status == "archived" for m in recent)  # inside the grace
    after = table_counts(store, T)
    assert after["memory"] == after["memory_state"] == counts["memory"] - 3
    with store.db.transaction(T) as conn:
        kept = set(conn.execute(text("SELECT id FROM event WHERE tenant = :t"), {"t": T}).scalars())
    assert event_ids < kept and len(kept) == len(event_ids) + 1  # history kept, one added
    [compact] = store.ledger.events(T, types=["compact"])
    assert sorted(compact.related_ids) == sorted(ids["stale"])
    assert compact.data["deleted"] == 3
    # the deleted entries' history is still there
    assert {e.memory_id for e in store.ledger.events(T, types=["archive"])} >= set(ids["stale"])


def test_calibrate_reports_the_minilm_threshold(cli_env: dict[str, str]) -> None:
    report = as_json(run_cli({**cli_env, "MEMGOV_EMBEDDER": "minilm"}, "calibrate", "--json"))

    assert report["model"] == MINILM_MODEL
    assert report["threshold"] == pytest.approx(0.8586, abs=2e-3)
    assert report["precision"] == 1.0
    assert 0.0 < report["recall"] <= 1.0
    assert report["pairs"] > 0 and report["beta"] == 0.5
    assert report["distinct_similarity"]["max"] < report["threshold"]  # precision 1.0
    # the policy's MiniLM duplicate threshold is this measurement, rounded
    default = CurationPolicy().duplicate_threshold_for(MINILM_MODEL)
    assert default == pytest.approx(report["threshold"], abs=0.01)


def test_conflicts_inferred_lists_key_less_supersessions_and_restore_undoes_one(
    store: MemoryStore, env: dict[str, str]
) -> None:
    # the review gate open: this lists applied ones
    old_id, new_id = _held_change(store, env, inferred_min_reviewed=0)
    run_cli(env, "curate", "-t", T, "--apply", "--json", *NOW)

    [item] = as_json(run_cli(env, "conflicts", "inferred", "-t", T, "--json"))
    assert (item["memory_id"], item["superseded_by"]) == (old_id, new_id)
    assert "'Dana Ruiz' -> 'Omar Haddad'" in item["evidence"] and item["run_id"] is not None
    shown = run_cli(env, "conflicts", "inferred", "-t", T).stdout
    assert "inferred supersession" in shown and f"memgov restore {old_id} -t {T}" in shown

    run_cli(env, "restore", old_id, "-t", T, *NOW)
    assert store.get(T, old_id).status == "active"
    assert as_json(run_cli(env, "conflicts", "inferred", "-t", T, "--json")) == []


def _held_change(store: MemoryStore, env: dict[str, str], **policy: object) -> tuple[str, str]:
    """A key-less change the pass infers, run by the CLI under the review gate's policy."""
    old, new = account_manager_change(store, T, **policy)
    return old.id, new.id


def test_changes_lists_held_supersessions_and_the_curator_confirms_or_rejects(
    store: MemoryStore, env: dict[str, str]
) -> None:
    old, new = _held_change(store, env, inferred_min_reviewed=1)
    dry = run_cli(env, "curate", "-t", T, *NOW).stdout
    assert "held for review: planned 1, stored 0" in dry
    report = as_json(run_cli(env, "curate", "-t", T, "--apply", "--json", *NOW))
    assert report["applied"]["held_for_review"] == 1 and report["applied"]["superseded"] == 0
    assert store.get(T, old).status == "active"

    listed = as_json(run_cli(env, "changes", "list", "-t", T, "--json"))
    [change] = listed["changes"]
    assert (change["older_id"], change["newer_id"], change["status"]) == (old, new, "pending")
    assert "Dana Ruiz" in change["older_content"] and "Omar Haddad" in change["newer_content"]
    assert "'Dana Ruiz' -> 'Omar Haddad'" in change["detail"]
    assert listed["gate"]["auto_apply_earned"] is False and listed["gate"]["pending"] == 1
    shown = run_cli(env, "changes", "list", "-t", T).stdout
    assert "not earned" in shown and change["id"] in shown and "Dana Ruiz" in shown

    decided = as_json(
        run_cli(
            env, "changes", "confirm", change["id"], "-t", T, "--note", "the account moved", *NOW
        )
    )
    assert (decided["status"], decided["archived"]) == ("confirmed", True)
    assert store.get(T, old).status == "archived"
    gate = as_json(run_cli(env, "changes", "gate", "-t", T, "--json"))
    assert (gate["confirmed"], gate["precision"], gate["auto_apply_earned"]) == (1, 1.0, True)
    assert "automatic apply earned" in run_cli(env, "changes", "gate", "-t", T).stdout

    again = run_cli(env, "changes", "reject", change["id"], "-t", T, code=2)
    assert "already confirmed" in again.stderr and "Traceback" not in again.stderr
    unknown = run_cli(
        env, "changes", "confirm", "00000000-0000-4000-8000-000000000000", "-t", T, code=2
    )
    assert "unknown change" in unknown.stderr
    bad = run_cli(env, "changes", "list", "-t", T, "--status", "maybe", code=2)
    assert "status" in bad.stderr and "auto_applied" in bad.stderr


def test_changes_reject_keeps_both(store: MemoryStore, env: dict[str, str]) -> None:
    old, new = _held_change(store, env)
    run_cli(env, "curate", "-t", T, "--apply", *NOW)
    [change] = as_json(run_cli(env, "changes", "list", "-t", T, "--json"))["changes"]
    decided = as_json(run_cli(env, "changes", "reject", change["id"], "-t", T, *NOW))
    assert decided["status"] == "rejected"
    assert store.get(T, old).status == "active" and store.get(T, new).status == "active"
    run_cli(env, "curate", "-t", T, "--apply", *NOW)
    assert as_json(run_cli(env, "changes", "list", "-t", T, "--json"))["changes"] == []


def test_recall_as_of_a_moment_before_a_write_misses_it(
    store: MemoryStore, env: dict[str, str]
) -> None:
    store.tenants.create(T)
    lesson = "flush the redis session cache after restarting the auth gateway"
    written = store.remember(T, lesson, created_at=T0 - timedelta(days=2))
    recall = ["recall", "redis session cache", "-t", T, "--json", *NOW]
    then = as_json(run_cli(env, *recall, "--as-of", (T0 - timedelta(days=3)).isoformat()))
    assert then == {"mode": "curated", "hits": [], "as_of": (T0 - timedelta(days=3)).isoformat()}
    later = as_json(run_cli(env, *recall, "--as-of", (T0 - timedelta(days=1)).isoformat()))
    assert [h["id"] for h in later["hits"]] == [written.id]
    assert later["as_of"] == (T0 - timedelta(days=1)).isoformat()
    bad = run_cli(env, *recall, "--as-of", "last tuesday", code=2)
    assert "as_of" in bad.stderr and "last tuesday" in bad.stderr
    assert "Traceback" not in bad.stderr
