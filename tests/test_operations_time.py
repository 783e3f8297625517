"""Time only moves forward for applies: a ``now`` before the tenant's last applied run or
newest write is refused (a typed error, one line on the CLI) unless forced with a reason,
which the run keeps; and a forced back-dated run cannot slip past the rolling prune cap.
The store's clock (``FixedClock`` at T0) is the real time; ``now`` is the time acted at."""

from __future__ import annotations

from datetime import timedelta

import pytest
from cli_helpers import as_json, run_cli
from curation_helpers import EVERY_KIND, T0

from curation import BackdatedRunError, MemoryStore
from curation._policy import Mode

T = "timeline"
PAST = "2020-01-01T00:00:00+00:00"


def decayable(store: MemoryStore, n: int = 20) -> None:
    """``n`` idle, unimportant tool outputs written 40 days before T0, and a policy that
    decays them (the prune cap, 20%, is what stops it)."""
    store.remember_many(
        T,
        [
            {
                "content": f"tool run {i} returned status {i}",
                "kind": "tool_output",
                "created_at": T0 - timedelta(days=40),
                "importance": 0.01,
            }
            for i in range(n)
        ],
        now=T0 - timedelta(days=40),
    )
    policy = store.tenants.policy(T).with_all_modes(Mode.APPLY)
    store.tenants.set_policy(T, policy.model_copy(update={"decay_uncovered_kinds": EVERY_KIND}))


def test_the_cli_refuses_an_apply_before_the_newest_write_in_one_line(
    store: MemoryStore, env: dict[str, str]
) -> None:
    store.remember(T, "The deploy window is Tuesday.", now=T0)

    refused = run_cli(env, "curate", "-t", T, "--apply", "--now", PAST, code=2)

    [line] = refused.stderr.splitlines()
    assert line.startswith(f"error: now='{PAST}': earlier than the tenant's newest write")
    assert T0.isoformat() in line and "--force-now" in line
    assert "Traceback" not in refused.stderr + refused.stdout
    assert store.runs.latest(T) == []  # nothing recorded
    # a dry run writes nothing, so it may look at any time
    dry = as_json(run_cli(env, "curate", "-t", T, "--json", "--now", PAST))
    assert dry["dry_run"] is True


def test_a_forced_apply_in_the_past_records_its_reason(
    store: MemoryStore, env: dict[str, str]
) -> None:
    store.remember(T, "The deploy window is Tuesday.", now=T0)
    report = as_json(
        run_cli(
            env,
            "curate",
            "-t",
            T,
            "--apply",
            "--json",
            "--now",
            PAST,
            "--force-now",
            "replaying the 2020   audit",
        )
    )
    assert report["forced_now_reason"] == "replaying the 2020 audit"
    [run] = store.runs.latest(T)
    assert run.report.forced_now_reason == "replaying the 2020 audit"
    [event] = store.ledger.events(T, types=["curation_run"])
    assert event.data["forced_now_reason"] == "replaying the 2020 audit"
    human = run_cli(env, "curate", "-t", T, "--apply", "--now", PAST, "--force-now", "again")
    assert "(forced: again)" in human.stdout
    blank = run_cli(env, "curate", "-t", T, "--apply", "--now", PAST, "--force-now", " ", code=2)
    assert blank.stderr.startswith("error: force_now_reason=' ':")


def test_an_apply_before_the_last_applied_run_is_refused(store: MemoryStore) -> None:
    store.remember(T, "The deploy window is Tuesday.", now=T0 - timedelta(days=3))
    store.runs.curate(T, apply=True, now=T0)
    with pytest.raises(BackdatedRunError, match="last applied run") as refused:
        store.runs.curate(T, apply=True, now=T0 - timedelta(hours=1))
    assert refused.value.field == "now"
    assert len(store.runs.latest(T)) == 1
    store.runs.curate(T, apply=True, now=T0)  # the same moment again is not the past
    store.runs.curate(T, apply=False, now=T0 - timedelta(days=1))  # nor is a dry run refused
    plan = store.runs.plan(T, now=T0 - timedelta(hours=2))
    with pytest.raises(BackdatedRunError):
        store.runs.apply(plan, now=T0 - timedelta(hours=2))


def test_a_forced_back_dated_run_counts_against_the_cap_of_the_next(store: MemoryStore) -> None:
    decayable(store)
    back = store.runs.curate(
        T, apply=True, now=T0 - timedelta(days=10), force_now_reason="catching up"
    )
    assert back.applied["decayed"] == 4  # 20% of 20

    today = store.runs.curate(T, apply=True)  # at T0, the clock: ten days after it acted

    # by its stamp the back-dated run is outside today's window, but it was made today
    assert today.planned["pruned_in_window"] == 4
    assert today.planned["prune_cap"] == 0 and today.applied["decayed"] == 0
    assert store.counts(T).active == 16


def test_a_back_dated_run_counts_what_today_already_pruned(store: MemoryStore) -> None:
    decayable(store)
    today = store.runs.curate(T, apply=True)
    assert today.applied["decayed"] == 4

    back = store.runs.curate(
        T, apply=True, now=T0 - timedelta(days=10), force_now_reason="catching up"
    )

    assert back.planned["pruned_in_window"] == 4 and back.applied["decayed"] == 0
    assert store.counts(T).active == 16
