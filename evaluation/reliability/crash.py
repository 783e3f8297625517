"""Crash safety of a curation apply, by really killing it.

A "before" database (a tenant with thousands of planned actions) is made once and kept as
a template; one uninterrupted apply on a clone gives "after", and one more curation run
on that gives "after, then retried". Then, many times, a fresh clone is handed to a child
process (``crash_child``) that applies the plan, and the child is interrupted a
deterministic delay after it reports it is about to apply — delays spread evenly over
the apply's measured duration and a little past it, plus one just after it reported its
commit:

- ``sigkill``: SIGKILL of the child process (the client dies mid-transaction);
- ``terminate``: ``pg_terminate_backend`` of its connection from another session (the
  database drops the client).

After each interruption the clone must be exactly "before" or exactly "after" (the
canonical fingerprint, ``fingerprint``), its history must have no orphan and no half run
(``history``), the tenant's advisory lock must be free, and one more curation run must
converge: to "after" from "before", to "after, then retried" from "after".
"""

from __future__ import annotations

import pickle
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection as Channel
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from sqlalchemy import text

from curation import Database, lock_name
from evaluation.reliability.crash_child import apply_child, fork_context
from evaluation.reliability.fingerprint import Fingerprint, read_fingerprint
from evaluation.reliability.history import history_problems
from evaluation.reliability.procs import ChildError
from evaluation.reliability.scratch import ClonePipeline, ScratchServer
from evaluation.reliability.seeding import SEED_AT, harness_store, seed_tenant

TENANT = "crash"
METHODS = ("sigkill", "terminate")
Say = Callable[[str], None]


@dataclass(frozen=True)
class CrashSettings:
    memories: int = 6000
    kills: int = 12  # SIGKILL of the applying process
    terminations: int = 6  # pg_terminate_backend of its connection
    seed: int = 7
    overshoot: float = 1.3  # delays spread over [0, overshoot * the apply's duration]
    calibration_runs: int = 3  # uninterrupted applies timed for that duration
    # more interruptions per method, each halving the span between the latest that found
    # nothing written and the earliest that found the commit, until one lands inside the
    # transaction: a loaded machine moves the apply's timing away from the calibrated one
    probes: int = 6
    timeout_s: float = 60.0


@dataclass
class KillOutcome:
    index: int
    method: str
    delay_s: float
    fraction: float  # delay / the uninterrupted apply's duration (-1: after the commit)
    child: str  # killed | finished | error:<type>
    outcome: str  # before | after | neither
    rows_written: int  # rows the interrupted transaction had written when it died
    lock_free: bool
    converged: bool
    problems: list[str] = field(default_factory=list)

    @property
    def survived(self) -> bool:
        return (
            self.outcome in ("before", "after")
            and self.lock_free
            and self.converged
            and not self.problems
        )


@dataclass
class CrashReport:
    settings: CrashSettings
    planned: dict[str, int]
    apply_s: float
    outcomes: list[KillOutcome]
    setup_s: float
    total_s: float

    @property
    def survived(self) -> int:
        return sum(o.survived for o in self.outcomes)

    @property
    def mid_transaction(self) -> int:
        """Interruptions that provably landed inside the transaction: it had written rows,
        and none of them survived."""
        return sum(o.outcome == "before" and o.rows_written > 0 for o in self.outcomes)

    def split(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for method in METHODS:
            counts = Counter(o.outcome for o in self.outcomes if o.method == method)
            out[method] = {k: counts.get(k, 0) for k in ("before", "after", "neither")}
        return out

    def lines(self) -> list[str]:
        actions = sum(
            self.planned.get(k, 0)
            for k in ("superseded", "duplicates_archived", "decayed", "conflicts", "proposals")
        )
        lines = [
            f"crash safety: {self.settings.memories} memories, {actions} planned actions,"
            f" uninterrupted apply {self.apply_s * 1000:.0f} ms",
            f"  interruptions survived: {self.survived}/{len(self.outcomes)}"
            f" ({self.mid_transaction} provably mid-transaction:"
            " rows written, then rolled back)",
        ]
        for method, counts in self.split().items():
            lines.append(
                f"  {method:9s}: before {counts['before']}, after {counts['after']},"
                f" neither {counts['neither']}"
            )
        lines.append(
            "  every one: state exactly before or after, no orphan event, lock free,"
            " next run converged"
            if self.survived == len(self.outcomes)
            else "  FAILURES: "
            + "; ".join(
                f"#{o.index} {o.method} {o.outcome}: {o.problems[:2]}"
                for o in self.outcomes
                if not o.survived
            )
        )
        lines.append(f"  setup {self.setup_s:.1f} s, total {self.total_s:.1f} s")
        return lines


def _rows_written(database: Database) -> int:
    """Rows inserted or updated in the curation tables since the clone was made:
    PostgreSQL counts attempted changes, so an aborted transaction's work shows too."""
    with database.engine.connect() as conn:
        return int(
            conn.execute(
                text(
                    "SELECT coalesce(sum(n_tup_ins + n_tup_upd), 0) FROM pg_stat_user_tables"
                    " WHERE relname IN ('memory_state', 'event', 'conflict', 'proposal',"
                    " 'curation_run')"
                )
            ).scalar_one()
        )


def _lock_is_free(database: Database, tenant: str) -> bool:
    with database.engine.connect() as conn:
        got = bool(
            conn.execute(
                text("SELECT pg_try_advisory_lock(hashtext(:k))"), {"k": lock_name(tenant)}
            ).scalar()
        )
        if got:
            conn.execute(text("SELECT pg_advisory_unlock(hashtext(:k))"), {"k": lock_name(tenant)})
        conn.commit()
        return got


def _wait_for_backends_gone(server: ScratchServer, name: str, timeout: float) -> None:
    """A killed client's backend finishes its current statement before it notices; only
    once it is gone is the transaction's fate sealed."""
    deadline = time.monotonic() + timeout
    while server.backends(name):
        if time.monotonic() > deadline:
            raise TimeoutError(f"backends of {name} still running after {timeout} s")
        time.sleep(0.01)


class _Children:
    """Appliers forked from a forkserver that preloaded ``crash_child``."""

    def __init__(self, plan_path: Path) -> None:
        self.plan_path = plan_path
        self.context = fork_context()

    def start(self, url: str) -> tuple[BaseProcess, Channel]:
        receiver, sender = self.context.Pipe(duplex=False)
        process = self.context.Process(
            target=apply_child,
            args=(sender, str(self.plan_path), url, SEED_AT.isoformat()),
            daemon=True,
        )
        process.start()
        sender.close()
        return process, receiver


def _receive(channel: Channel, process: BaseProcess, timeout: float) -> tuple[Any, ...]:
    if not channel.poll(timeout):
        raise ChildError(f"the applying child said nothing for {timeout} s")
    try:
        message: tuple[Any, ...] = channel.recv()
    except EOFError as exc:
        process.join(5)
        raise ChildError(f"the applying child exited ({process.exitcode}) early") from exc
    return message


def _interrupt(
    children: _Children,
    server: ScratchServer,
    name: str,
    method: str | None,
    delay: float | None,
    timeout: float,
) -> tuple[str, float]:
    """Run a child on database ``name`` and interrupt it ``delay`` s after it announced
    the apply (``delay`` None: just after it reported the commit; ``method`` None: let it
    finish). Returns its fate and, uninterrupted, the apply's time to its commit."""
    process, channel = children.start(server.url(name))
    try:
        kind, backend = _receive(channel, process, timeout)
        if kind != "APPLYING":
            raise ChildError(f"the applying child said {kind} first")
        started = time.perf_counter()
        if method is None or delay is None:
            message = _receive(channel, process, timeout)
            if message[0] != "DONE":
                raise ChildError(f"the uninterrupted apply failed: {message}")
        else:
            time.sleep(delay)
        elapsed = time.perf_counter() - started
        if method == "sigkill":
            process.kill()
        elif method == "terminate":
            server.terminate(int(backend))
        process.join(timeout)
        code = process.exitcode
        if code is None:
            raise ChildError(f"the applying child did not exit within {timeout} s")
        if code == 0:
            return "finished", elapsed
        if code < 0:
            return "killed", elapsed
        message = _receive(channel, process, 5)
        return f"error:{message[1]}", elapsed
    finally:
        if process.is_alive():
            process.kill()
            process.join(10)
        channel.close()
        _wait_for_backends_gone(server, name, timeout)


def _retry(database: Database) -> Fingerprint:
    """What an operator (or the scheduler) does after a failed run: run it again."""
    harness_store(database).runs.curate(TENANT, apply=True, now=SEED_AT)
    return read_fingerprint(database, TENANT)


@dataclass(frozen=True)
class _References:
    before: Fingerprint
    after: Fingerprint
    after_retry: Fingerprint  # "after", then one more run
    apply_s: float


def schedule(settings: CrashSettings) -> list[tuple[str, float | None]]:
    """(method, fraction of the apply's duration), evenly spread and a little past the
    end; then one SIGKILL just after the commit was reported (an "after" by design)."""
    plan: list[tuple[str, float | None]] = []
    for method, count in (("sigkill", settings.kills), ("terminate", settings.terminations)):
        plan += [(method, settings.overshoot * (j + 0.5) / count) for j in range(count)]
    return [*plan, ("sigkill", None)]


def next_probe(outcomes: Sequence[KillOutcome], method: str, overshoot: float) -> float | None:
    """The fraction halfway between ``method``'s latest interruption that found nothing
    written and its earliest that found the commit (None: one already landed inside the
    transaction)."""
    mine = [o for o in outcomes if o.method == method and o.fraction >= 0]
    if any(o.outcome == "before" and o.rows_written > 0 for o in mine):
        return None
    early = [o.fraction for o in mine if o.outcome == "before"]
    late = [o.fraction for o in mine if o.outcome == "after"]
    low = max(early, default=0.0)
    high = min((f for f in late if f > low), default=max(overshoot, 2 * low))
    return (low + high) / 2


def _uninterrupted(children: _Children, server: ScratchServer, name: str, timeout: float) -> float:
    fate, seconds = _interrupt(children, server, name, None, None, timeout)
    if fate != "finished":
        raise RuntimeError(f"the uninterrupted reference apply failed: {fate}")
    return seconds


def _references(
    server: ScratchServer, template: str, children: _Children, settings: CrashSettings
) -> _References:
    """Fingerprints of before, after and after-then-retried; the apply's duration is the
    median of ``settings.calibration_runs`` uninterrupted applies (one reading taken in
    a moment of load would skew every kill point)."""
    database = Database(server.url(template))
    before = read_fingerprint(database, TENANT)
    database.dispose()  # a template must have no connections
    with server.clone(template) as name:
        durations = [_uninterrupted(children, server, name, settings.timeout_s)]
        database = Database(server.url(name))
        try:
            after = read_fingerprint(database, TENANT)
            problems = history_problems(database, TENANT)
            after_retry = _retry(database)
        finally:
            database.dispose()
    if after == before or problems:
        raise RuntimeError(f"the uninterrupted reference apply failed: {problems}")
    for _ in range(settings.calibration_runs - 1):
        with server.clone(template) as name:
            durations.append(_uninterrupted(children, server, name, settings.timeout_s))
    return _References(before, after, after_retry, statistics.median(durations))


def run_crash(
    server: ScratchServer,
    settings: CrashSettings | None = None,
    *,
    base_template: str | None = None,
    say: Say = print,
) -> CrashReport:
    """The whole experiment; ``base_template`` names an already migrated database to
    start from (saves running the migrations)."""
    settings = settings or CrashSettings()
    begun = time.perf_counter()
    template = server.create_migrated(base=base_template)
    workdir = Path(tempfile.mkdtemp(prefix="memgov-crash-"))
    clones: ClonePipeline | None = None
    try:
        database = Database(server.url(template))
        seed_tenant(database, TENANT, settings.memories, seed=settings.seed)
        plan = harness_store(database).runs.plan(TENANT, now=SEED_AT)
        database.dispose()
        plan_path = workdir / "plan.pickle"
        plan_path.write_bytes(pickle.dumps(plan))
        children = _Children(plan_path)
        refs = _references(server, template, children, settings)
        setup_s = time.perf_counter() - begun
        say(f"[crash] reference apply {refs.apply_s * 1000:.0f} ms; setup {setup_s:.1f} s")

        clones = ClonePipeline(server, template)
        outcomes: list[KillOutcome] = []

        def interrupt(method: str, fraction: float | None) -> None:
            index = len(outcomes)
            name = clones.take()
            try:
                outcome = _one_interruption(
                    children, server, clones, name, method, fraction, refs, settings, index
                )
            finally:
                clones.release(name)
            outcomes.append(outcome)
            at = "after the commit" if fraction is None else f"at {fraction:.0%}"
            say(
                f"[crash] #{index} {method} {at}: {outcome.child}, {outcome.outcome},"
                f" {outcome.rows_written} rows written"
                + ("" if outcome.survived else f" PROBLEMS {outcome.problems[:3]}")
            )

        *spread, after_commit = schedule(settings)
        for method, fraction in spread:
            interrupt(method, fraction)
        for method in METHODS:
            for _ in range(settings.probes):
                probe = next_probe(outcomes, method, settings.overshoot)
                if probe is None:
                    break
                interrupt(method, probe)
        interrupt(*after_commit)
        return CrashReport(
            settings=settings,
            planned=plan.counts(),
            apply_s=refs.apply_s,
            outcomes=outcomes,
            setup_s=setup_s,
            total_s=time.perf_counter() - begun,
        )
    finally:
        if clones is not None:
            clones.close()
        server.drop(template)
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()


def _one_interruption(
    children: _Children,
    server: ScratchServer,
    clones: ClonePipeline,
    name: str,
    method: str,
    fraction: float | None,
    refs: _References,
    settings: CrashSettings,
    index: int,
) -> KillOutcome:
    delay = None if fraction is None else fraction * refs.apply_s
    fate, elapsed = _interrupt(children, server, name, method, delay, settings.timeout_s)
    clones.prepare_next()  # while this one is checked
    database = Database(server.url(name))
    try:
        state = read_fingerprint(database, TENANT)
        written = _rows_written(database)
        problems: list[str] = []
        if state == refs.before:
            outcome = "before"
        elif state == refs.after:
            outcome = "after"
        else:
            outcome = "neither"
            problems.append(
                "state is neither before nor after; vs before:\n"
                + state.diff(refs.before)
                + "\nvs after:\n"
                + state.diff(refs.after)
            )
        problems += history_problems(database, TENANT)
        lock_free = _lock_is_free(database, TENANT)
        converged = False
        if lock_free:
            retried = _retry(database)
            expected = refs.after if outcome == "before" else refs.after_retry
            converged = retried == expected
            if not converged:
                problems.append("the retry did not converge:\n" + retried.diff(expected))
            problems += [f"after the retry: {p}" for p in history_problems(database, TENANT)]
    finally:
        database.dispose()
    return KillOutcome(
        index=index,
        method=method,
        delay_s=elapsed,
        fraction=-1.0 if fraction is None else fraction,
        child=fate,
        outcome=outcome,
        rows_written=written,
        lock_free=lock_free,
        converged=converged,
        problems=problems,
    )


def report_dict(report: CrashReport) -> dict[str, Any]:
    """The figures, JSON-able (for ``--json`` and the README)."""
    return {
        "memories": report.settings.memories,
        "planned": report.planned,
        "apply_ms": round(report.apply_s * 1000, 1),
        "interruptions": len(report.outcomes),
        "survived": report.survived,
        "mid_transaction": report.mid_transaction,
        "split": report.split(),
        "total_s": round(report.total_s, 1),
    }
