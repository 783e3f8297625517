"""A simulated online experiment, end to end: the fleet simulator's world, agents doing
tasks under a live experiment, outcomes that depend on whether the memory acted on was
current, nightly curation, then the daily analysis.

One tenant of the fleet simulator (``evaluation.simulator``) is replayed into the store
as the offline A/B replays it (``evaluation.ab``: writes, contests, background recalls,
nightly curation at 03:15 under an all-apply policy) for ``warmup_days``, so the store
has history, stale entries and duplicates when the experiment starts at a UTC midnight.
For ``days`` days after that, each of ``agents`` agents does ``tasks_per_agent_per_day``
tasks: it asks a natural question about a subject the tenant knows something about
(ground truth from the subject's ``truth(at)``), recalls **with its agent id** — so its
cohort decides raw or curated recall and the recall is an exposure — and acts on the
first on-topic hit (``evaluation.decision.decide_top1``). The task succeeds iff that
memory is current at that moment; the score is the decision's (1 correct, 0.5 warned by a
conflict, 0 wrong). A ``missing_outcome_share`` of tasks never report an outcome.
Deterministic for the config (the salt, the tasks and the missing outcomes are seeded).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from curation import CurationPolicy, ExperimentRecord, MemoryStore, Mode
from evaluation.ab import ABConfig
from evaluation.ab.experiment import _night_split, _Replay, _timeline  # the A/B's replay
from evaluation.decision import decide_top1
from evaluation.fleet import Fleet, FleetConfig, SimQuery
from evaluation.online.analysis import OnlineReport, analyse_experiment
from evaluation.simulator import recalls as background_recalls
from evaluation.simulator import simulate_tenant
from evaluation.simulator.core import Subject, stable_seed, uuid5_str
from evaluation.simulator.queries import MAIN_FAMILIES

Progress = Callable[[str], None]
OUTCOME_DELAY = timedelta(minutes=5)  # an agent reports how its task went a little later
TASK_HOURS = (6.0, 22.0)  # tasks happen in the working part of a UTC day


@dataclass(frozen=True)
class OnlineSimConfig:
    agents: int = 100
    days: int = 4
    tasks_per_agent_per_day: int = 2
    missing_outcome_share: float = 0.1
    warmup_days: int = 28
    writes_per_day: int = 20
    recalls_per_day: int = 15
    raw_share: float = 0.5
    k: int = 6
    seed: int = 7
    tenant_index: int = 0  # which simulator tenant (its name and domain pack)
    tenant_name: str | None = None  # store it under this name instead of the simulator's
    experiment: str = "online-sim"
    metric: str = "success"
    alpha: float = 0.05
    start: datetime = datetime(2026, 6, 1, tzinfo=UTC)  # the fleet's day 0, a UTC midnight


@dataclass
class OnlineSimResult:
    tenant: str
    experiment: ExperimentRecord
    report: OnlineReport
    tasks: int
    outcomes_reported: int
    timings: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class _Task:
    query: SimQuery
    agent_id: str
    reports_outcome: bool


def _fleet(config: OnlineSimConfig) -> tuple[Fleet, list[Subject]]:
    """One simulator tenant over warm-up + experiment days (no checkpoint questions)."""
    fleet_config = FleetConfig(
        tenants=config.tenant_index + 1,
        days=config.warmup_days + config.days,
        writes_per_day=config.writes_per_day,
        recalls_per_day=config.recalls_per_day,
        queries_per_checkpoint=0,
        seed=config.seed,
        start=config.start,
    )
    sim, tools = simulate_tenant(fleet_config, config.tenant_index)
    fleet = Fleet(
        config=fleet_config,
        writes=sorted(sim.writes, key=lambda w: w.at),
        contests=sorted(sim.contests, key=lambda c: c.at),
        recalls=background_recalls.generate(sim, tools),
    )
    if config.tenant_name:
        name = config.tenant_name
        fleet = Fleet(
            config=fleet_config,
            writes=[replace(w, tenant=name) for w in fleet.writes],
            contests=[replace(c, tenant=name) for c in fleet.contests],
            recalls=[replace(r, tenant=name) for r in fleet.recalls],
        )
    return fleet, list(sim.subjects)


def _tasks(config: OnlineSimConfig, tenant: str, subjects: list[Subject]) -> list[_Task]:
    rng = random.Random(stable_seed(config.seed, tenant, "online-tasks"))
    by_family: dict[str, list[Subject]] = {}
    for subject in sorted(subjects, key=lambda s: s.name):
        if subject.family in MAIN_FAMILIES:
            by_family.setdefault(subject.family, []).append(subject)
    agents = [f"{tenant}-agent-{n:03d}" for n in range(config.agents)]
    first_day = config.start + timedelta(days=config.warmup_days)
    low, high = TASK_HOURS
    tasks: list[_Task] = []
    for day in range(config.days):
        midnight = first_day + timedelta(days=day)
        for agent in agents:
            for _ in range(config.tasks_per_agent_per_day):
                at = midnight + timedelta(hours=rng.uniform(low, high))
                families = sorted(by_family)
                rng.shuffle(families)
                for family in families:  # the first family with something true to ask
                    candidates = [(s, t) for s in by_family[family] if (t := s.truth(at))]
                    if candidates:
                        subject, truth = rng.choice(candidates)
                        break
                else:
                    continue
                query = SimQuery(
                    id=uuid5_str(f"{config.seed}/{tenant}/online-task/{len(tasks)}"),
                    tenant=tenant,
                    at=at,
                    query=rng.choice(subject.questions),
                    subject=subject.name,
                    correct_ids=truth.correct,
                    stale_ids=truth.stale,
                    refuted_ids=truth.refuted,
                    kind=family,
                )
                reports = rng.random() >= config.missing_outcome_share
                tasks.append(_Task(query, agent, reports))
    tasks.sort(key=lambda t: (t.query.at, t.query.id))
    return tasks


def simulate_online_experiment(
    store: MemoryStore, config: OnlineSimConfig | None = None, *, progress: Progress | None = None
) -> OnlineSimResult:
    """Run the simulated experiment into ``store`` (its tenant must not exist yet) and
    analyse it as of the experiment's end."""
    config = config or OnlineSimConfig()
    say = progress or (lambda _message: None)
    started = time.perf_counter()
    fleet, subjects = _fleet(config)
    tenant = fleet.tenants[0]
    tasks = _tasks(config, tenant, subjects)
    generated = time.perf_counter() - started
    by_query = {task.query.id: task for task in tasks}
    fleet.queries = [task.query for task in tasks]
    ab_config = ABConfig(k=config.k, measure_near_duplicates=False)
    replay = _Replay(fleet, store, ab_config, None, None)
    replay.embed_queries()
    starts_at = config.start + timedelta(days=config.warmup_days)
    ends_at = starts_at + timedelta(days=config.days)
    policy = CurationPolicy().with_all_modes(Mode.APPLY)
    experiment: ExperimentRecord | None = None
    has_tenant = False
    reported = 0
    say(
        f"{tenant}: {config.warmup_days} warm-up days, then {len(tasks)} tasks by "
        f"{config.agents} agents over {config.days} experiment days"
    )
    for at, order, payload in _night_split(_timeline(fleet, ab_config)):
        if experiment is None and at >= starts_at and has_tenant:
            experiment = store.experiments.start(
                tenant,
                config.experiment,
                raw_share=config.raw_share,
                starts_at=starts_at,
                ends_at=ends_at,
                metric=config.metric,
                alpha=config.alpha,
                salt=f"{config.experiment}/{config.seed}",
                actor="simulator",
                now=starts_at,
            )
            say(f"{tenant}: experiment {config.experiment!r} started at {starts_at:%Y-%m-%d}")
        if order == 0:
            replay.nightly(at)
            say(f"{tenant}: day {replay.day_of(at)} curated")
        elif order == 1:
            replay.write(payload)
            if not has_tenant:
                store.tenants.set_policy(tenant, policy, actor="simulator", now=at)
                has_tenant = True
        elif order == 2:
            replay.contest(payload)
        elif order == 3:
            replay.background_recall(payload)
        else:
            task_started = time.perf_counter()
            task = by_query[payload.id]
            result = store.recall(
                tenant,
                task.query.query,
                config.k,
                agent_id=task.agent_id,
                actor=task.agent_id,
                now=task.query.at,
                query_embedding=replay.vectors[task.query.query],
            )
            decision = decide_top1(result.hits, task.query, replay.subjects)
            if task.reports_outcome and result.recall_id is not None:
                store.outcome(
                    tenant,
                    result.recall_id,
                    success=decision.outcome == "correct",
                    score=decision.score,
                    actor=task.agent_id,
                    now=task.query.at + OUTCOME_DELAY,
                )
                reported += 1
            replay.timings["tasks"] += time.perf_counter() - task_started
    if experiment is None:
        raise RuntimeError("the simulated fleet never reached the experiment's start")
    record = store.experiments.get(tenant, config.experiment)
    report = analyse_experiment(
        record,
        store.experiments.observations(tenant, config.experiment),
        store.experiments.feedback(tenant, config.experiment),
        now=ends_at,
    )
    replay.timings["generate"] = generated
    timings = {k: round(v, 3) for k, v in replay.timings.items()}
    timings["total"] = round(time.perf_counter() - started, 3)
    return OnlineSimResult(
        tenant=tenant,
        experiment=record,
        report=report,
        tasks=len(tasks),
        outcomes_reported=reported,
        timings=timings,
    )
