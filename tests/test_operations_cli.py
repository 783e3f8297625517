"""Operations that say what happened, as a user runs them (``memgov`` in process against
the test's database, at ``--now`` T0): a dry run reports the planned counts and the
active count the plan would leave; ``runs`` shows an undone run as ``undone``; a second
undo reverts nothing and records nothing; proposals taken back by undo are
``withdrawn``, never ``rejected``."""

from __future__ import annotations

import pytest
from cli_helpers import NOW, as_json, run_cli
from curation_helpers import EVERY_KIND, T0, apply_all, seed_mixed, seed_mixed_decaying, state

from curation import MemoryStore

T = "fleet"


def test_a_dry_run_prints_what_the_plan_would_leave_active(
    store: MemoryStore, env: dict[str, str]
) -> None:
    seed_mixed_decaying(store, T)
    active = store.counts(T).active
    planned = as_json(run_cli(env, "curate", "-t", T, "--json", *NOW))["planned"]
    assert planned["active_after"] == active - 7 < active
    assert planned["active_after_apply"] == active  # a new tenant's modes: all dry_run

    out = run_cli(env, "curate", "-t", T, *NOW).stdout

    # before: "active: 25 → 25" while the plan archived seven
    assert f"active: {active} now; the plan would leave {active - 7}" in out
    # every mechanic of a new tenant is in dry_run: an apply would archive nothing yet
    assert f"--apply under these modes {active} (nothing written)" in out
    assert "superseded: planned 2, applied 0" in out and "decayed: planned 3" in out
    store.tenants.set_policy(T, apply_all(decay_uncovered_kinds=EVERY_KIND))
    out = run_cli(env, "curate", "-t", T, *NOW).stdout
    assert f"--apply under these modes {active - 7} (nothing written)" in out
    assert store.counts(T).active == active


def test_undo_is_shown_and_idempotent_and_withdraws_proposals(
    store: MemoryStore, env: dict[str, str]
) -> None:
    seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all(decay_uncovered_kinds=EVERY_KIND))
    before = state(store, T)
    applied = as_json(run_cli(env, "curate", "-t", T, "--apply", "--json", *NOW))
    run_id = applied["run_id"]
    assert applied["applied"]["proposals_created"] == 1

    first = run_cli(env, "undo", run_id, "-t", T, *NOW).stdout
    assert first.startswith(f"run {run_id} undone: restored: 7, merges_reverted: 2")
    events_after_first = len(store.ledger.events(T))

    again = as_json(run_cli(env, "undo", run_id, "-t", T, "--json", *NOW))
    human = run_cli(env, "undo", run_id, "-t", T, *NOW).stdout

    assert again == {
        "restored": 0,
        "merges_reverted": 0,
        "conflicts_dismissed": 0,
        "proposals_withdrawn": 0,
        "status_before": "undone",
        "undone_at": T0.isoformat(),
        "reverted": {},
    }
    assert human == f"run {run_id} was already undone at {T0.isoformat()}: nothing reverted\n"
    assert len(store.ledger.events(T)) == events_after_first  # no duplicate restore events
    assert state(store, T) == before
    [run] = as_json(run_cli(env, "runs", "-t", T, "--json"))
    assert (run["id"], run["status"]) == (run_id, "undone")
    listed = run_cli(env, "runs", "-t", T).stdout
    assert f" undone   {run_id} " in listed and "applied" not in listed.split(run_id)[0]

    [proposal] = as_json(run_cli(env, "proposals", "list", "-t", T, "--status", "all", "--json"))
    assert proposal["status"] == "withdrawn" and proposal["decided_by"] == "undo:cli"
    rejected = run_cli(env, "proposals", "list", "-t", T, "--status", "rejected", "--json")
    assert as_json(rejected) == []
    # withdrawn was never decided: the next run may propose the same members again
    rerun = as_json(run_cli(env, "curate", "-t", T, "--apply", "--json", *NOW))
    assert rerun["applied"]["proposals_created"] == 1


def test_undoing_a_dry_run_says_there_is_nothing_to_undo(
    store: MemoryStore, env: dict[str, str]
) -> None:
    seed_mixed(store, T)
    dry = as_json(run_cli(env, "curate", "-t", T, "--json", *NOW))
    out = run_cli(env, "undo", dry["run_id"], "-t", T, *NOW).stdout
    assert out == f"run {dry['run_id']} was a dry run: it wrote nothing, nothing to undo\n"
    assert [r.status for r in store.runs.latest(T)] == ["dry_run"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["runs", "-t", T, "--limit", "abc"], "error: --limit='abc': Input should be a valid "),
        (["runs", "-t", T, "--limit=abc"], "error: --limit='abc': Input should be a valid "),
        (["runs"], "error: --tenant=None: is required (`memgov runs --help`)"),
        (["runs", "-t", T, "--bogus"], "error: option='--bogus': no such option for `memgov runs`"),
        (["undo", "-t", T], "error: run_id=None: is required (`memgov undo --help`)"),
        (["undo", "nope", "-t", T], "error: run_id='nope': is not a UUID"),
        (["curate", "-t", T, "--apply", "--force-now"], "error: --force-now=None: Option "),
        (["curate", "-t", T, "--now", "soon"], "error: --now='soon': "),
        (["serve", "--port", "70000"], "error: --port=70000: expected 0 (any free port) to 65535"),
    ],
)
def test_refusals_of_the_commands_are_one_error_line(
    store: MemoryStore, env: dict[str, str], args: list[str], line: str
) -> None:
    store.remember(T, "The deploy window is Tuesday.")
    done = run_cli(env, *args, code=2)
    [said] = done.stderr.splitlines()
    assert said.startswith(line), said
    assert "Traceback" not in done.stderr and "Usage:" not in done.stderr + done.stdout
