"""Curation at write time: supersession by key, subsumption under principles, and
contradiction detection — each only when the tenant's policy sets its mode to ``apply``.

The decisions are the mechanics' (``curation/mechanics/``), the same the nightly plan
makes: the survivor rule of a key (``supersession.settle_key``), a topic's principle
(``subsumption.on_topic_write``), a same-slot change (``contradictions.change_on_write``)
and whether it is confident enough to supersede (``supersession.inferred_on_write``).
This module reads the rows they need and writes what they decide.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import ArchiveReason, EventType, MemoryKind
from curation._plan import ArchiveAction, Mechanic
from curation._policy import CurationPolicy, Mode
from curation._records import WriteResult
from curation._store.apply import archive_actions, lock_rows
from curation._store.change_acts import apply_inferred_on_write
from curation._store.events import Stamp, event_row, record_events
from curation._store.lifecycle import ARCHIVE_SET, CHANGED
from curation._store.writes import PreparedWrite
from curation.mechanics.contradictions import change_on_write, may_contest_on_write
from curation.mechanics.subsumption import TopicPrinciple, on_topic_write
from curation.mechanics.supersession import (
    KeyHolder,
    WrittenChange,
    inferred_on_write,
    left_to_keys,
    settle_key,
)

WRITE_NEIGHBOURS = 5


def _grouped(rows: Iterable[Any], column: str) -> dict[str, list[Any]]:
    """The rows by their value of ``column``, in the order they came."""
    groups: dict[str, list[Any]] = defaultdict(list)
    for row in rows:
        groups[getattr(row, column)].append(row)
    return groups


def _subsume(
    conn: Connection,
    tenant: str,
    memory_id: Any,
    parent: Any,
    *,
    now: datetime,
    actor: str,
    archive: bool,
    reason: str,
) -> bool:
    """File ``memory_id`` beneath ``parent``; archive it ``subsumed`` when it is redundant."""
    change = f"{ARCHIVE_SET}, archive_reason = 'subsumed'" if archive else CHANGED
    done = conn.execute(
        text(
            f"UPDATE memory_state SET parent_id = :p, {change}"
            " WHERE tenant = :t AND memory_id = :id AND status = 'active'"
            " AND NOT pinned RETURNING memory_id"
        ),
        {"t": tenant, "id": memory_id, "p": parent, "now": now},
    ).scalar()
    if done is not None:
        record_events(
            conn,
            [
                event_row(
                    tenant,
                    EventType.ARCHIVE if archive else EventType.MERGE,
                    at=now,
                    actor=actor,
                    memory_id=memory_id,
                    related_ids=[parent],
                    reason=reason,
                    data={
                        "mechanic": "subsumption",
                        "archive_reason": "subsumed" if archive else None,
                        "parent_id": str(parent),
                        "prior": {"status": "active", "parent_id": None},
                    },
                )
            ],
        )
    return done is not None


def supersede_keys(
    conn: Connection,
    tenant: str,
    keys: Sequence[str],
    *,
    now: datetime,
    actor: str,
    stated_at: Mapping[str, datetime] | None = None,
) -> dict[str, list[str]]:
    """Returns, per surviving id, the ids it superseded. ``stated_at``: entries revived by
    this write, with the time they were re-stated (they compete as said then, like a new
    write, not as of their first statement)."""
    restated = stated_at or {}
    groups = _grouped(
        conn.execute(
            text(
                "SELECT m.id, m.supersession_key AS key, m.created_at, s.generality, s.version,"
                " s.pinned FROM memory m JOIN memory_state s"
                " ON s.tenant = m.tenant AND s.memory_id = m.id"
                " WHERE m.tenant = :t AND s.status = 'active' AND m.supersession_key = ANY(:k)"
            ),
            {"t": tenant, "k": list(keys)},
        ),
        "key",
    )
    actions: list[ArchiveAction] = []
    subsumed: list[tuple[Any, Any]] = []

    def said(row: Any) -> datetime:
        return restated.get(str(row.id), row.created_at)

    for key, members in groups.items():
        winner, losers = settle_key(
            [
                KeyHolder(row, str(row.id), int(row.generality), said(row), bool(row.pinned))
                for row in members
            ]
        )
        for loser, reason in losers:
            if reason is ArchiveReason.SUBSUMED:
                subsumed.append((loser.ref.id, winner.ref.id))  # newer but narrower: beneath
                continue
            actions.append(
                ArchiveAction(
                    memory_id=loser.memory_id,
                    mechanic=Mechanic.SUPERSESSION,
                    reason=ArchiveReason.SUPERSEDED,
                    expected_version=int(loser.ref.version),
                    detail=f"superseded on write by {winner.memory_id} (key {key!r})",
                    target_id=winner.memory_id,
                )
            )
    # the rows this write changes, locked in id order first (a concurrent apply or
    # recall locks in that order too; one UPDATE alone would lock in scan order)
    lock_rows(conn, tenant, [a.memory_id for a in actions] + [str(m) for m, _ in subsumed])
    done = archive_actions(conn, Stamp(tenant, now, actor), actions)
    for memory_id, parent in subsumed:
        _subsume(
            conn,
            tenant,
            memory_id,
            parent,
            now=now,
            actor=actor,
            archive=True,
            reason="narrower write under a broader entry with the same key",
        )
    out: dict[str, list[str]] = defaultdict(list)
    for action in actions:
        if action.memory_id in done and action.target_id:
            out[action.target_id].append(action.memory_id)
    return out


def subsume_topics(
    conn: Connection,
    tenant: str,
    written: Sequence[tuple[str, PreparedWrite]],
    *,
    now: datetime,
    actor: str,
) -> None:
    """A new write on a topic a principle covers is linked beneath it; a new statement more
    general than the topic's principle takes its place (the old one archived ``subsumed``)."""
    topics = {w.item.topic for _, w in written if w.item.topic}
    if not topics:
        return
    by_topic = _grouped(
        conn.execute(
            text(
                "SELECT m.id, m.topic, s.generality FROM memory m JOIN memory_state s"
                " ON s.tenant = m.tenant AND s.memory_id = m.id WHERE m.tenant = :t"
                " AND s.status = 'active' AND s.generality >= 1 AND m.topic = ANY(:topics)"
                # locked in id order, like every multi-row writer, so writers cannot deadlock
                " ORDER BY s.memory_id FOR UPDATE OF s"
            ),
            {"t": tenant, "topics": sorted(topics)},
        ),
        "topic",
    )
    for memory_id, write in written:
        others = {
            str(p.id): p for p in by_topic.get(write.item.topic or "", []) if str(p.id) != memory_id
        }
        verdict = on_topic_write(
            write.item.generality,
            [TopicPrinciple(i, int(p.generality)) for i, p in others.items()],
        )
        if verdict.parent is not None:
            _subsume(
                conn,
                tenant,
                uuid.UUID(memory_id),
                others[verdict.parent].id,
                now=now,
                actor=actor,
                archive=False,
                reason=f"covered by principle on topic {write.item.topic!r}",
            )
            continue
        for old in verdict.replaced:
            _subsume(
                conn,
                tenant,
                others[old].id,
                uuid.UUID(memory_id),
                now=now,
                actor=actor,
                archive=True,
                reason="replaced by a more general statement",
            )


@dataclasses.dataclass
class WriteChanges:
    """What the write-time slot check did, per new id."""

    conflicts: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    superseded: dict[str, list[str]] = dataclasses.field(default_factory=dict)


def detect_contradictions(
    conn: Connection,
    tenant: str,
    written: Sequence[tuple[str, PreparedWrite]],
    threshold: float,
    *,
    now: datetime,
    actor: str,
    infer: bool = False,
    contest: bool = True,
    policy: CurationPolicy | None = None,
) -> WriteChanges:
    """Nearby older active entries of the same kind whose subject and slot the new write
    restates with another value (``contradictions.change_on_write``). With ``infer``
    (supersession ``apply``) a confident change (``supersession.inferred_on_write``, the
    pass's rule) archives the older entry superseded by the write, marked ``inferred``
    with its evidence (``restore`` undoes it) once the tenant has earned it, and is held
    for review until then (``change_acts.apply_inferred_on_write``, under ``policy``);
    with ``contest`` (contradiction ``apply``) an unsure one gets a conflict (claim = the
    new statement). Entries sharing a key are supersession's job."""
    opened: dict[str, list[str]] = defaultdict(list)
    inferred: dict[str, tuple[datetime, ArchiveAction]] = {}  # older id -> newest write
    batch = {memory_id for memory_id, _ in written}
    for memory_id, write in written:
        neighbours = conn.execute(
            text(
                "SELECT m.id, m.content, m.supersession_key, m.created_at, s.pinned,"
                " s.generality, s.version, 1 - (m.embedding <=> :q) AS similarity"
                " FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id"
                " WHERE m.tenant = :t AND m.kind = :kind AND s.status = 'active' AND m.id <> :id"
                " ORDER BY m.embedding <=> :q LIMIT :n"
            ),
            {
                "t": tenant,
                "q": write.embedding,
                "kind": write.item.kind.value,
                "id": memory_id,
                "n": WRITE_NEIGHBOURS,
            },
        ).all()
        for other in neighbours:
            if float(other.similarity) < threshold:
                continue
            key = write.item.supersession_key
            if left_to_keys(key, other.supersession_key):
                continue
            written_at = write.item.created_at or now
            if not may_contest_on_write(
                other.created_at, written_at, same_batch=str(other.id) in batch
            ):
                continue
            slot = change_on_write(other.content, write.item.content)
            if slot is None:
                continue  # a disagreement about another subject or slot is no conflict
            action = (
                inferred_on_write(
                    WrittenChange(
                        older_id=str(other.id),
                        older_version=int(other.version),
                        older_at=other.created_at,
                        older_pinned=bool(other.pinned),
                        older_generality=int(other.generality),
                        older_keyed=other.supersession_key is not None,
                        newer_id=memory_id,
                        newer_at=written_at,
                        newer_generality=write.item.generality,
                        newer_keyed=key is not None,
                        similarity=float(other.similarity),
                        slot=slot,
                    )
                )
                if infer
                else None
            )
            if action is not None:
                previous = inferred.get(action.memory_id)
                if previous is None or previous[0] < written_at:
                    inferred[action.memory_id] = (written_at, action)
                continue
            if not contest:
                continue
            opened[memory_id].append(
                _open_conflict(conn, tenant, other, memory_id, write, slot.evidence, now, actor)
            )
    actions = [action for _, action in inferred.values()]
    lock_rows(conn, tenant, [a.memory_id for a in actions])
    done = apply_inferred_on_write(
        conn, tenant, actions, policy or CurationPolicy(), now=now, actor=actor
    )
    superseded: dict[str, list[str]] = defaultdict(list)
    for action in actions:
        if action.memory_id in done and action.target_id:
            superseded[action.target_id].append(action.memory_id)
    return WriteChanges(dict(opened), dict(superseded))


def _open_conflict(
    conn: Connection,
    tenant: str,
    other: Any,
    memory_id: str,
    write: PreparedWrite,
    slot_evidence: str,
    now: datetime,
    actor: str,
) -> str:
    """A conflict on the older entry ``other``, the new write as its claim."""
    conflict_id = uuid.uuid4()
    evidence = "contradicted by a newer write: " + slot_evidence
    conn.execute(
        text(
            "INSERT INTO conflict (id, tenant, memory_id, claim, evidence, source,"
            " related_memory_id, detected_by, at)"
            " VALUES (:id, :t, :m, :claim, :ev, 'write', :r, 'write', :now)"
        ),
        {
            "id": conflict_id,
            "t": tenant,
            "m": other.id,
            "claim": write.item.content,
            "ev": evidence,
            "r": memory_id,
            "now": now,
        },
    )
    record_events(
        conn,
        [
            event_row(
                tenant,
                EventType.CONTEST,
                at=now,
                actor=actor,
                memory_id=other.id,
                related_ids=[memory_id],
                reason=evidence,
                data={
                    "conflict_id": str(conflict_id),
                    "detected_by": "write",
                    "similarity": float(other.similarity),
                },
            )
        ],
    )
    return str(conflict_id)


def as_stored(
    conn: Connection,
    tenant: str,
    written: Sequence[tuple[str, PreparedWrite]],
    revived: set[str],
    *,
    now: datetime,
) -> list[tuple[str, PreparedWrite]]:
    """The writes as the checks must see them: a revived entry is the stored memory (its
    key, kind, topic and generality: an agent re-stating the sentence rarely repeats
    them, and without the key the revived value sat beside its replacement unchecked),
    stated at the re-statement's time."""
    if not revived:
        return list(written)
    stored = {
        str(row.id): row
        for row in conn.execute(
            text(
                "SELECT m.id, m.kind, m.supersession_key, m.topic, s.generality"
                " FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id"
                " WHERE m.tenant = :t AND m.id = ANY(CAST(:ids AS uuid[]))"
            ),
            {"t": tenant, "ids": sorted(revived)},
        )
    }
    out: list[tuple[str, PreparedWrite]] = []
    for memory_id, write in written:
        row = stored.get(memory_id) if memory_id in revived else None
        if row is not None:
            item = dataclasses.replace(
                write.item,
                kind=MemoryKind(row.kind),
                supersession_key=row.supersession_key,
                topic=row.topic,
                generality=int(row.generality),
                created_at=write.item.created_at or now,
            )
            write = dataclasses.replace(write, item=item)
        out.append((memory_id, write))
    return out


def after_write(
    conn: Connection,
    tenant: str,
    results: list[WriteResult],
    prepared: Sequence[PreparedWrite],
    policy: CurationPolicy,
    *,
    model: str,
    now: datetime,
    actor: str,
) -> list[WriteResult]:
    written = [(r.id, p) for r, p in zip(results, prepared, strict=True) if r.created or r.revived]
    if not written:
        return results
    revived = {r.id for r in results if r.revived}
    written = as_stored(conn, tenant, written, revived, now=now)
    superseded: dict[str, list[str]] = {}
    if policy.supersession == Mode.APPLY:
        keys = sorted({w.item.supersession_key for _, w in written if w.item.supersession_key})
        if keys:
            stated_at = {i: w.item.created_at or now for i, w in written if i in revived}
            superseded = supersede_keys(
                conn, tenant, keys, now=now, actor=actor, stated_at=stated_at
            )
    if policy.subsumption == Mode.APPLY:
        subsume_topics(conn, tenant, written, now=now, actor=actor)
    changes = WriteChanges()
    # as in the pass: only kinds that state beliefs are contested (not tool outputs)
    checked = [(i, w) for i, w in written if w.item.kind in policy.contradiction_kinds]
    contest, infer = policy.contradiction == Mode.APPLY, policy.supersession == Mode.APPLY
    if (contest or infer) and checked and len(written) <= policy.write_check_max_batch:
        changes = detect_contradictions(
            conn,
            tenant,
            checked,
            policy.contradiction_threshold_for(model),
            now=now,
            actor=actor,
            infer=infer,
            contest=contest,
            policy=policy,
        )
    conflicts = changes.conflicts
    for survivor, older in changes.superseded.items():
        superseded.setdefault(survivor, []).extend(older)
    return [
        dataclasses.replace(
            r, superseded_ids=superseded.get(r.id, []), conflict_ids=conflicts.get(r.id, [])
        )
        if r.id in superseded or r.id in conflicts
        else r
        for r in results
    ]
