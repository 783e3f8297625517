"""The actors of the concurrent-load run. Each loops until a deadline on the monotonic
clock (system-wide on Linux, so threads and processes share it) and logs every operation
with its start and end, its outcome and what it touched; the checks in ``load_checks``
work from these logs and the database alone.

The same functions run in threads of the harness and in child processes (``load_child``).
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from curation import CurationLockedError, MemoryStore
from evaluation.reliability.seeding import SEED_AT

# errors an actor may meet by design; anything else is a failure of the run
EXPECTED_ERRORS = frozenset({"CurationLockedError"})
FIRST_APPLY_GRACE_S = 30.0  # well inside LoadSettings.join_timeout_s


@dataclass
class Op:
    actor: str
    kind: str  # write | recall | pin | unpin | validate | feedback | apply | curate
    started: float  # time.monotonic()
    ended: float
    error: str | None = None  # the exception's type (the driver's, for database errors)
    ids: list[str] = field(default_factory=list)  # what it returned or touched
    created: int = 0  # writes: new memories
    restated: int = 0
    revived: int = 0
    run_id: str | None = None  # apply / curate
    snapshot_at: float | None = None  # apply: when its plan's snapshot had been read
    apply_started: float | None = None  # apply: just before it was called
    planned_ids: list[str] = field(default_factory=list)  # apply: what its plan meant to archive

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def error_name(exc: BaseException) -> str:
    """The most specific name: SQLAlchemy wraps the driver's error (e.g. DeadlockDetected)."""
    inner = getattr(exc, "orig", None)
    return type(inner).__name__ if inner is not None else type(exc).__name__


def _timed(actor: str, kind: str, call: Any) -> tuple[Op, Any]:
    started = time.monotonic()
    try:
        result = call()
    except Exception as exc:
        return Op(actor, kind, started, time.monotonic(), error=error_name(exc)), None
    return Op(actor, kind, started, time.monotonic()), result


def _write(store: MemoryStore, tenant: str, items: list[dict[str, Any]]) -> list[Any]:
    if len(items) == 1:
        return [store.remember(tenant, **items[0], now=SEED_AT)]
    return store.remember_many(tenant, items, now=SEED_AT)


def writer(
    store: MemoryStore, tenant: str, name: str, until: float, *, seed: int, batch: int = 5
) -> list[Op]:
    """Single and batched writes: new texts, texts under a supersession key (archiving the
    key's older entry at write time when the policy applies it), and re-statements of its
    own earlier texts (restate, or revive when curation archived them meanwhile)."""
    rng = random.Random(seed)
    ops: list[Op] = []
    written: list[str] = []
    n = 0
    while time.monotonic() < until:
        items = []
        for _ in range(1 if rng.random() < 0.5 else batch):
            roll = rng.random()
            if roll < 0.15 and written:
                items.append({"content": rng.choice(written), "kind": "fact"})
                continue
            n += 1
            content = f"{name} observed item {n} with value {rng.randrange(10**6)} at gate {n % 7}"
            # facts go through the write-time contradiction check, tool outputs do not
            kind = "fact" if rng.random() < 0.3 else "tool_output"
            item: dict[str, Any] = {"content": content, "kind": kind}
            if roll < 0.30:
                item["supersession_key"] = f"{name}-status-{n % 10}"
            items.append(item)
        op, results = _timed(name, "write", lambda items=items: _write(store, tenant, items))
        if results is not None:
            op.ids = [r.id for r in results]
            op.created = sum(r.created for r in results)
            op.restated = sum(r.restated for r in results)
            op.revived = sum(r.revived for r in results)
            written += [i["content"] for i in items if "supersession_key" not in i]
        ops.append(op)
    return ops


def recaller(
    store: MemoryStore,
    tenant: str,
    name: str,
    until: float,
    *,
    seed: int,
    contents: list[str],
    embeddings: np.ndarray[Any, Any],
    k: int = 5,
) -> list[Op]:
    """Curated recalls (recorded votes) aimed at seeded memories: the query is a seeded
    entry's own text and vector, so its hits include entries a plan may be archiving."""
    rng = random.Random(seed)
    ops: list[Op] = []
    while time.monotonic() < until:
        i = rng.randrange(len(contents))
        op, result = _timed(
            name,
            "recall",
            lambda i=i: store.recall(
                tenant, contents[i], k=k, query_embedding=embeddings[i].tolist(), now=SEED_AT
            ),
        )
        if result is not None:
            op.ids = [h.id for h in result.hits]
        ops.append(op)
    return ops


def pinner(
    store: MemoryStore, tenant: str, name: str, until: float, *, seed: int, candidates: list[str]
) -> list[Op]:
    """Pins, unpins and feedback on seeded entries. The only actor that pins, so every pin
    or unpin it makes changes the entry and must leave exactly one event."""
    rng = random.Random(seed)
    ops: list[Op] = []
    unpinned = list(candidates)
    pinned: list[str] = []
    while time.monotonic() < until:
        roll = rng.random()
        if roll < 0.35 and unpinned:
            memory_id = unpinned.pop(rng.randrange(len(unpinned)))
            op, _ = _timed(name, "pin", lambda m=memory_id: store.pin(tenant, m, now=SEED_AT))
            (pinned if op.error is None else unpinned).append(memory_id)
        elif roll < 0.5 and pinned:
            memory_id = pinned.pop(rng.randrange(len(pinned)))
            op, _ = _timed(name, "unpin", lambda m=memory_id: store.unpin(tenant, m, now=SEED_AT))
            (unpinned if op.error is None else pinned).append(memory_id)
        else:
            memory_id = rng.choice(candidates)
            useful = rng.random() < 0.7
            op, _ = _timed(
                name,
                "validate" if useful else "feedback",
                lambda m=memory_id, u=useful: store.feedback(tenant, m, u, now=SEED_AT),
            )
        op.ids = [memory_id]
        ops.append(op)
    return ops


def curation_cycles(
    store: MemoryStore, tenant: str, name: str, until: float, *, pause: float
) -> list[Op]:
    """Snapshot, plan, wait ``pause`` (a slower planner), apply: from the snapshot to the
    apply, recalls and pins race the plan. An apply refused by the tenant's lock (another
    run holds it) is retried with the same, ever older, plan until it goes through; the
    first cycle's apply is retried past the deadline (for at most ``FIRST_APPLY_GRACE_S``)
    so that a slow, loaded machine still exercises one whole cycle."""
    ops: list[Op] = []
    applied_once = False
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            snapshot = store.runs.snapshot(tenant)
            snapshot_at = time.monotonic()
            plan = store.runs.plan(tenant, now=SEED_AT, snapshot=snapshot)
        except Exception as exc:
            ops.append(Op(name, "apply", started, time.monotonic(), error=error_name(exc)))
            continue
        planned_ids = [a.memory_id for a in plan.archives]
        time.sleep(pause)
        while time.monotonic() < (until if applied_once else until + FIRST_APPLY_GRACE_S):
            apply_started = time.monotonic()
            op, report = _timed(
                name, "apply", lambda plan=plan: store.runs.apply(plan, now=SEED_AT)
            )
            op.snapshot_at, op.apply_started = snapshot_at, apply_started  # latency: the apply
            ops.append(op)
            if report is not None:
                op.planned_ids = planned_ids
                op.run_id = report.run_id
                op.ids = list(report.archived_ids)
            if not is_locked_out(op):
                applied_once = applied_once or report is not None
                break
            time.sleep(0.05)
    return ops


def contender(
    store: MemoryStore, tenant: str, name: str, until: float, *, pause: float
) -> list[Op]:
    """Whole runs (``curate``) holding the tenant's session lock from snapshot to commit:
    they and the cycling actor keep refusing each other, and never write at once."""
    ops: list[Op] = []
    while time.monotonic() < until:
        op, report = _timed(
            name, "curate", lambda: store.runs.curate(tenant, apply=True, now=SEED_AT)
        )
        if report is not None:
            op.run_id = report.run_id
            op.ids = list(report.archived_ids)
        ops.append(op)
        time.sleep(pause)
    return ops


def is_locked_out(op: Op) -> bool:
    return op.error == CurationLockedError.__name__
