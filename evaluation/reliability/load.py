"""Concurrent load for a bounded time: writer threads and a writer process, recaller
threads and a recaller process, a pin/feedback thread, a process cycling plan → apply
(with a pause between the two, so recalls and pins race every plan) and a second process
running whole curation runs against it. Then ``load_checks`` decides whether anything
was lost, double-counted, half-done, archived against a newer vote, or deadlocked, and
the report gives operations per second and latency percentiles per operation type.

The tenant's policy applies every mechanic (so writes run the write-time hooks too) and
reinforces on feedback: a recall then does not count as reinforcement, which is exactly
the case in which a recall must still protect its hits from an older plan.
"""

from __future__ import annotations

import json
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from curation import Database, MemoryStore, curation_lock
from evaluation.perf.generator import BenchData
from evaluation.reliability import load_actors
from evaluation.reliability.load_actors import Op, is_locked_out
from evaluation.reliability.load_checks import RaceFacts, check_load, read_tallies
from evaluation.reliability.procs import LineChild
from evaluation.reliability.scratch import ScratchServer
from evaluation.reliability.seeding import apply_policy, harness_store, seed_tenant

TENANT = "load"
CHILD = "evaluation.reliability.load_child"
Say = Callable[[str], None]


@dataclass(frozen=True)
class LoadSettings:
    seconds: float = 8.0
    memories: int = 3000
    data_seed: int = 11
    writer_threads: int = 2
    recaller_threads: int = 2
    pinner_threads: int = 1
    writer_processes: int = 1
    recaller_processes: int = 1
    plan_pause_s: float = 0.15  # between plan and apply in the cycling process
    contender_pause_s: float = 1.0  # between the contender's whole runs
    join_timeout_s: float = 60.0  # past the deadline: an actor still running is hung
    opening_lock_s: float = 1.0  # the harness holds the tenant's curation lock this long
    reinforce_on: str = "feedback"


def query_pool(
    memories: int, data_seed: int, tenant: str
) -> tuple[list[str], np.ndarray[Any, Any]]:
    """The seeded texts and vectors (the generator is deterministic, so a child process
    rebuilds them instead of receiving them)."""
    from evaluation.perf.generator import generate

    data = generate(memories, seed=data_seed, tenant=tenant)
    return data.contents, data.embeddings


@dataclass
class LoadReport:
    settings: LoadSettings
    ops: list[Op]
    problems: list[str]
    races: RaceFacts
    elapsed_s: float
    hung: list[str] = field(default_factory=list)
    refused_while_held: int = 0  # runs attempted while the harness held the lock

    @property
    def lock_refusals(self) -> int:
        return sum(is_locked_out(o) for o in self.ops)

    def figures(self) -> dict[str, dict[str, float]]:
        """Per operation type: acknowledged count, operations/s, p50 and p99 (ms)."""
        out: dict[str, dict[str, float]] = {}
        for kind in sorted({o.kind for o in self.ops}):
            done = [o for o in self.ops if o.kind == kind and o.error is None]
            if not done:
                continue
            ms = np.array([(o.ended - o.started) * 1000 for o in done])
            row = {
                "count": float(len(done)),
                "per_s": len(done) / self.elapsed_s,
                "p50_ms": float(np.percentile(ms, 50)),
                "p99_ms": float(np.percentile(ms, 99)),
            }
            if kind == "write":
                row["memories_per_s"] = sum(o.created for o in done) / self.elapsed_s
            out[kind] = row
        return out

    @property
    def total_ops(self) -> int:
        return sum(o.error is None for o in self.ops)

    def lines(self) -> list[str]:
        s = self.settings
        lines = [
            f"concurrent load: {self.elapsed_s:.1f} s, {s.writer_threads}+{s.writer_processes}"
            f" writers, {s.recaller_threads}+{s.recaller_processes} recallers,"
            f" {s.pinner_threads} pin/feedback, plan→apply cycles and whole runs in two"
            f" processes; {self.total_ops} operations acknowledged"
            f" ({self.total_ops / self.elapsed_s:.0f}/s)",
            f"  {'operation':10s} {'count':>7s} {'ops/s':>8s} {'p50 ms':>8s} {'p99 ms':>8s}",
        ]
        for kind, row in self.figures().items():
            lines.append(
                f"  {kind:10s} {row['count']:7.0f} {row['per_s']:8.1f} {row['p50_ms']:8.1f}"
                f" {row['p99_ms']:8.1f}"
            )
        lines.append(
            f"  runs refused by the tenant's lock: {self.lock_refusals}"
            f" ({self.refused_while_held} while the harness held it);"
            f" plan→apply cycles applied: {self.races.cycles};"
            f" recalls/pins/validations inside a plan→apply window: {self.races.racing_ops}"
            f" (touching {self.races.planned_then_touched} planned archives, all spared)"
            if not self.races.violations
            else f"  VIOLATIONS: {len(self.races.violations)}"
        )
        lines.append(
            "  nothing lost: every acknowledged write stored, every count reconciled with the"
            " event history, no orphan, no overlap, no deadlock"
            if not self.problems
            else "  PROBLEMS: " + "; ".join(self.problems[:8])
        )
        return lines


def _process_jobs(s: LoadSettings) -> list[dict[str, Any]]:
    return (
        [
            {"actor": "writer", "name": f"writer-p{i}", "seed": 100 + i}
            for i in range(s.writer_processes)
        ]
        + [
            {
                "actor": "recaller",
                "name": f"recaller-p{i}",
                "seed": 200 + i,
                "memories": s.memories,
                "data_seed": s.data_seed,
            }
            for i in range(s.recaller_processes)
        ]
        + [
            {"actor": "curation", "name": "curation-p", "pause": s.plan_pause_s},
            {"actor": "contender", "name": "contender-p", "pause": s.contender_pause_s},
        ]
    )


def _thread_bodies(
    s: LoadSettings, store: MemoryStore, data: BenchData
) -> dict[str, Callable[[float], list[Op]]]:
    candidates = [str(i) for i, p in zip(data.ids, data.pinned, strict=True) if not p]
    bodies: dict[str, Callable[[float], list[Op]]] = {}
    for i in range(s.writer_threads):
        name = f"writer-t{i}"
        bodies[name] = partial(load_actors.writer, store, TENANT, name, seed=300 + i)
    for i in range(s.recaller_threads):
        name = f"recaller-t{i}"
        bodies[name] = partial(
            load_actors.recaller,
            store,
            TENANT,
            name,
            seed=400 + i,
            contents=data.contents,
            embeddings=data.embeddings,
        )
    for i in range(s.pinner_threads):
        name = f"pinner-t{i}"
        bodies[name] = partial(
            load_actors.pinner, store, TENANT, name, seed=500 + i, candidates=candidates
        )
    return bodies


class _Threads:
    """Thread actors that start together and record their log, or why they stopped."""

    def __init__(self, bodies: dict[str, Callable[[float], list[Op]]]) -> None:
        self.logs: dict[str, list[Op]] = {}
        self.crashed: list[str] = []
        self._go = threading.Event()
        self._until = 0.0
        self._threads = [
            threading.Thread(target=self._run, args=(name, body), name=name, daemon=True)
            for name, body in bodies.items()
        ]
        for thread in self._threads:
            thread.start()

    def _run(self, name: str, body: Callable[[float], list[Op]]) -> None:
        self._go.wait()
        try:
            self.logs[name] = body(self._until)
        except Exception as exc:  # an actor bug, not a store error (those are logged)
            self.crashed.append(f"{name}: {exc!r}")

    def go(self, until: float) -> None:
        self._until = until
        self._go.set()

    def join(self, deadline: float) -> list[str]:
        """Names of the threads still running at ``deadline`` (hung)."""
        for thread in self._threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
        return [t.name for t in self._threads if t.is_alive()]

    def __len__(self) -> int:
        return len(self._threads)


def _spawn(server: ScratchServer, name: str, job: dict[str, Any], workdir: Path) -> LineChild:
    child = LineChild(CHILD)
    child.send(
        {
            **job,
            "url": server.url(name),
            "tenant": TENANT,
            "log": str(workdir / f"{job['name']}.json"),
        }
    )
    return child


def _collect(
    children: list[LineChild], jobs: list[dict[str, Any]], workdir: Path, deadline: float
) -> tuple[dict[str, list[Op]], list[str]]:
    logs: dict[str, list[Op]] = {}
    hung: list[str] = []
    for child, job in zip(children, jobs, strict=True):
        try:
            child.expect("DONE", timeout=max(1.0, deadline - time.monotonic()))
            raw = json.loads((workdir / f"{job['name']}.json").read_text())
            logs[job["name"]] = [Op(**op) for op in raw]
        except Exception as exc:
            hung.append(f"{job['name']}: {exc}")
    return logs, hung


def run_load(
    server: ScratchServer,
    settings: LoadSettings | None = None,
    *,
    base_template: str | None = None,
    say: Say = print,
) -> LoadReport:
    """The whole run; ``base_template`` names an already migrated database to start from."""
    s = settings or LoadSettings()
    name = server.create_migrated(base=base_template)
    workdir = Path(tempfile.mkdtemp(prefix="memgov-load-"))
    database = Database(server.url(name), pool_size=12, max_overflow=8)
    children: list[LineChild] = []
    try:
        policy = apply_policy(reinforce_on=s.reinforce_on)
        data = seed_tenant(database, TENANT, s.memories, seed=s.data_seed, policy=policy)
        before = read_tallies(database, TENANT)
        jobs = _process_jobs(s)
        children = [_spawn(server, name, job, workdir) for job in jobs]
        for child in children:
            child.expect("READY", timeout=s.join_timeout_s)
        threads = _Threads(_thread_bodies(s, harness_store(database), data))

        # the opening: this process holds the tenant's curation lock while everyone starts,
        # so the first runs the other processes attempt meet a lock held elsewhere
        with curation_lock(database, TENANT):
            began = time.monotonic()
            until = began + s.seconds
            for child in children:
                child.send({"until": until})
            threads.go(until)
            say(f"[load] {len(threads)} threads and {len(children)} processes for {s.seconds} s")
            time.sleep(s.opening_lock_s)
            opening_end = time.monotonic()  # still held: an op done by now was refused

        hung = threads.join(until + s.join_timeout_s)
        logs, unfinished = _collect(children, jobs, workdir, until + s.join_timeout_s)
        logs.update(threads.logs)
        ops = [o for actor_ops in logs.values() for o in actor_ops]
        elapsed = max(o.ended for o in ops) - began
        problems, races, _ = check_load(database, TENANT, ops, before)
        during_opening = [o for o in ops if o.kind in ("apply", "curate") and o.ended < opening_end]
        problems += [
            f"{o.kind} by {o.actor} went through while the harness held the tenant's lock"
            for o in during_opening
            if not is_locked_out(o)
        ]
        stuck = hung + unfinished
        problems = (
            [f"hung (no exit by the deadline): {h}" for h in stuck]
            + [f"actor crashed: {c}" for c in threads.crashed]
            + problems
        )
        return LoadReport(
            s,
            ops,
            problems,
            races,
            elapsed,
            stuck,
            refused_while_held=sum(is_locked_out(o) for o in during_opening),
        )
    finally:
        for child in children:
            child.close()
        database.dispose()
        server.drop(name)
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()


def report_dict(report: LoadReport) -> dict[str, Any]:
    return {
        "seconds": round(report.elapsed_s, 2),
        "operations": report.total_ops,
        "operations_per_s": round(report.total_ops / report.elapsed_s, 1),
        "by_type": {
            k: {m: round(v, 2) for m, v in row.items()} for k, row in report.figures().items()
        },
        "lock_refusals": report.lock_refusals,
        "refused_while_harness_held_lock": report.refused_while_held,
        "cycles_applied": report.races.cycles,
        "racing_ops": report.races.racing_ops,
        "planned_then_touched": report.races.planned_then_touched,
        "problems": report.problems,
    }
