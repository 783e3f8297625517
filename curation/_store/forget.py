"""Forget: hard-delete the memories a selector names and everything made from them, in
one transaction, and keep a receipt that holds no content.

Besides compaction and tenant deletion, the one hard delete. It runs as the schema owner
(the application role may not delete history), scoped to the tenant, under the tenant's
curation lock (a running pass is refused, not interleaved). The append-only guards on the
history tables are lifted for this transaction only, as tenant deletion does; that takes
their exclusive lock until it commits, so a forget briefly holds up every write.

What goes, besides the memory rows (their state, claims, conflicts and change reviews
cascade): the copies merged away into them and the principles written from them
(``forget_select``); the events about them; their ids and quoted text everywhere else
(``forget_scrub``); the copies a bulk load kept of their partition. What changes: members
of a forgotten principle come back to the active set (``lifecycle.restore_rows``) and its
proposal is pending again over the members left, with its text re-written from them (the
curator approves it anew); a survivor that pointed to a forgotten memory (superseded by
it) loses the pointer. A dry run does all of it and rolls back, so its counts are exact.

The receipt is a ``forget`` event: what was asked (the selector, its values hashed), the
rows touched per table, the SHA-256 of each forgotten id, and the verification
(``forget_verify``), which must find nothing."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._errors import UnknownTenantError
from curation._kinds import EventType
from curation._principle_text import shared_statement
from curation._records import _Record
from curation._store.database import Database, scope_to_tenant
from curation._store.events import Stamp
from curation._store.forget_scrub import FORGOTTEN, Needles, scrub, scrub_text, without
from curation._store.forget_select import ForgetSelector, expand, selected_ids, sha256
from curation._store.forget_verify import verify_forgotten
from curation._store.lifecycle import CHANGED, restore_rows
from curation._store.locks import take_transaction_lock
from curation._store.rows import tenant_rows
from curation._store.tenant_delete import RETIRED_SCHEMA, history_guards, replaced_partitions
from curation._store.transfer.dump_schema import quote

MIN_PRINCIPLE_MEMBERS = 2


@dataclass(frozen=True)
class ForgetReceipt(_Record):
    """A forget's receipt: never a forgotten text or id, only counts and hashes."""

    tenant: str
    dry_run: bool
    asked: dict[str, Any]
    matched: int
    forgotten: int
    counts: dict[str, int]
    forgotten_id_sha256: list[str]
    verification: dict[str, int]
    receipt_event_id: int | None

    @property
    def verified(self) -> bool:
        """True when the verification found nothing (a dry run verifies nothing)."""
        return not self.dry_run and sum(self.verification.values()) == 0


class _Rollback(Exception):
    """Ends a dry run's transaction: everything it did is undone."""


def forget(
    database: Database,
    tenant: str,
    selector: ForgetSelector,
    *,
    dry_run: bool,
    actor: str,
    now: datetime,
) -> ForgetReceipt:
    receipt: ForgetReceipt | None = None
    try:
        with database.admin_transaction() as conn:
            scope_to_tenant(conn, tenant)
            exists = conn.execute(
                text("SELECT 1 FROM tenant WHERE name = :t FOR UPDATE"), {"t": tenant}
            ).scalar()
            if exists is None:
                raise UnknownTenantError(tenant)
            take_transaction_lock(conn, tenant)
            receipt = _forget(conn, Stamp(tenant, now, actor), selector, dry_run=dry_run)
            if dry_run:
                raise _Rollback
    except _Rollback:
        pass
    assert receipt is not None
    return receipt


def _forget(
    conn: Connection, stamp: Stamp, selector: ForgetSelector, *, dry_run: bool
) -> ForgetReceipt:
    tenant = stamp.tenant
    selection = expand(conn, tenant, selected_ids(conn, tenant, selector))
    gone = selection.forgotten
    ids = list(gone)
    rows = tenant_rows(
        conn,
        tenant,
        "SELECT id, content, embedding::text AS v FROM memory WHERE tenant = :t AND id = ANY(:ids)",
        ids=ids,
    )
    contents = [r.content for r in rows]
    # what the verification looks for: every id, and the text of all but the principles
    # written from a member (a re-proposal from the others may say the same)
    found = Needles.of(gone, [r.content for r in rows if r.id not in selection.written_principles])
    quoted = Needles.of(gone, [*contents, selector.match or ""])  # and what is scrubbed
    counts: Counter[str] = Counter()
    counts["principles_forgotten"] = selection.principles
    counts["duplicates_forgotten"] = selection.merged_away
    guards = history_guards(conn)
    for table, trigger in guards:  # transactional: a rollback re-enables them
        conn.execute(text(f"ALTER TABLE {quote(table)} DISABLE TRIGGER {quote(trigger)}"))
    if ids:
        _principles(conn, stamp, gone, counts)
        _pointers(conn, tenant, gone, counts, now=stamp.at)
        _history(conn, tenant, gone, quoted, counts)
        _memories(conn, tenant, gone, counts)
    for table, trigger in guards:
        conn.execute(text(f"ALTER TABLE {quote(table)} ENABLE TRIGGER {quote(trigger)}"))
    verification = (
        {}
        if dry_run
        else verify_forgotten(conn, tenant, found, forgotten=gone, vectors=[r.v for r in rows])
    )
    hashes = sorted(sha256(str(i)) for i in gone)
    tally = {name: n for name, n in sorted(counts.items()) if n}
    event_id = None
    if not dry_run:
        stamp.record(
            conn,
            EventType.FORGET,
            reason=f"forget by {selector.kind}",
            data={
                "asked": selector.asked(),
                "matched": len(selection.matched),
                "forgotten": len(gone),
                "counts": tally,
                "forgotten_id_sha256": hashes,
                "verification": {k: v for k, v in verification.items() if v},
            },
        )
        event_id = conn.execute(
            text("SELECT max(id) FROM event WHERE tenant = :t AND type = 'forget'"), {"t": tenant}
        ).scalar()
    return ForgetReceipt(
        tenant=tenant,
        dry_run=dry_run,
        asked=selector.asked(),
        matched=len(selection.matched),
        forgotten=len(gone),
        counts=tally,
        forgotten_id_sha256=hashes,
        verification=verification,
        receipt_event_id=event_id,
    )


def _principles(conn: Connection, stamp: Stamp, gone: set[uuid.UUID], counts: Counter[str]) -> None:
    """Members of a forgotten principle back in the active set; each proposal that loses a
    member or its principle re-written over the members left (pending again when its
    principle is gone), or deleted when fewer than two are left."""
    tenant, ids = stamp.tenant, list(gone)
    orphans = tenant_rows(
        conn,
        tenant,
        "SELECT memory_id, status, archive_reason, superseded_by, parent_id FROM memory_state"
        " WHERE tenant = :t AND parent_id = ANY(:ids) AND NOT (memory_id = ANY(:ids))"
        " AND status = 'archived' AND archive_reason = 'subsumed'",
        ids=ids,
    )
    if orphans:
        restore_rows(
            conn,
            tenant,
            orphans,
            now=stamp.at,
            actor=stamp.actor,
            reason="principle forgotten",
            clear_parent=True,
        )
        counts["memory_state_restored"] += len(orphans)
    touched = tenant_rows(
        conn,
        tenant,
        "SELECT id, kind, member_ids, status, principle_id, evidence FROM proposal"
        " WHERE tenant = :t AND (member_ids && CAST(:ids AS uuid[]) OR principle_id = ANY(:ids))",
        ids=ids,
    )
    quoted = Needles.of(gone, [])
    for proposal in touched:
        left = without(proposal.member_ids, quoted)
        if len(left) < MIN_PRINCIPLE_MEMBERS:
            conn.execute(text("DELETE FROM proposal WHERE id = :id"), {"id": proposal.id})
            counts["proposal_deleted"] += 1
            continue
        keeps_principle = proposal.status == "approved" and proposal.principle_id not in gone
        texts = [
            r.content
            for r in conn.execute(
                text(
                    "SELECT content FROM memory WHERE tenant = :t AND id = ANY(CAST(:m AS uuid[]))"
                    " ORDER BY id"
                ),
                {"t": tenant, "m": left},
            )
        ]
        conn.execute(
            text(
                "UPDATE proposal SET member_ids = CAST(:m AS uuid[]),"
                " evidence = CAST(:ev AS jsonb),"
                " text = CASE WHEN :keep THEN text ELSE :text END,"
                " status = CASE WHEN :keep THEN status ELSE 'pending' END,"
                " principle_id = CASE WHEN :keep THEN principle_id ELSE NULL END,"
                " decided_at = CASE WHEN :keep THEN decided_at ELSE NULL END,"
                " decided_by = CASE WHEN :keep THEN decided_by ELSE NULL END WHERE id = :id"
            ),
            {
                "id": proposal.id,
                "m": left,
                "ev": json.dumps(scrub(proposal.evidence, quoted, derived=True)),
                "keep": keeps_principle,
                "text": shared_statement(texts),
            },
        )
        counts["proposal_rewritten"] += 1


def _pointers(
    conn: Connection, tenant: str, gone: set[uuid.UUID], counts: Counter[str], *, now: datetime
) -> None:
    """A survivor superseded by (or filed under) a forgotten memory keeps its state
    but not the pointer; conflicts and golden probes lose it too."""
    ids = list(gone)
    for column in ("superseded_by", "parent_id"):
        done = conn.execute(
            text(
                f"UPDATE memory_state SET {column} = NULL, {CHANGED}"
                f" WHERE tenant = :t AND {column} = ANY(:ids) AND NOT (memory_id = ANY(:ids))"
            ),
            {"t": tenant, "ids": ids, "now": now},
        )
        counts[f"memory_state_{column}_cleared"] += int(done.rowcount or 0)
    done = conn.execute(
        text("DELETE FROM conflict WHERE tenant = :t AND related_memory_id = ANY(:ids)"),
        {"t": tenant, "ids": ids},
    )
    counts["conflict"] += int(done.rowcount or 0)
    done = conn.execute(
        text("DELETE FROM golden_probe WHERE tenant = :t AND expected_ids <@ CAST(:ids AS uuid[])"),
        {"t": tenant, "ids": ids},
    )
    counts["golden_probe_deleted"] += int(done.rowcount or 0)
    done = conn.execute(
        text(
            "UPDATE golden_probe SET expected_ids = ARRAY(SELECT e FROM unnest(expected_ids)"
            " WITH ORDINALITY AS u(e, n) WHERE NOT (e = ANY(:ids)) ORDER BY n)"
            " WHERE tenant = :t AND expected_ids && CAST(:ids AS uuid[])"
        ),
        {"t": tenant, "ids": ids},
    )
    counts["golden_probe_rewritten"] += int(done.rowcount or 0)


def _mentioning(
    conn: Connection, sql: str, tenant: str, ids: list[uuid.UUID], terms: list[str]
) -> Any:
    return tenant_rows(conn, tenant, sql, ids=ids, terms=terms)


_ANY_TERM = "EXISTS (SELECT 1 FROM unnest(CAST(:terms AS text[])) n WHERE strpos(lower({}), n) > 0)"


def _history(
    conn: Connection, tenant: str, gone: set[uuid.UUID], quoted: Needles, counts: Counter[str]
) -> None:
    """Events about a forgotten memory deleted; the others, the exposures and the runs'
    reports that mention one scrubbed (``forget_scrub``)."""
    ids = list(gone)
    terms = quoted.search_terms()
    done = conn.execute(
        text("DELETE FROM event WHERE tenant = :t AND memory_id = ANY(:ids)"),
        {"t": tenant, "ids": ids},
    )
    counts["event_deleted"] += int(done.rowcount or 0)
    events = _mentioning(
        conn,
        "SELECT id, related_ids, reason, data FROM event WHERE tenant = :t AND"
        " (related_ids && CAST(:ids AS uuid[]) OR "
        + _ANY_TERM.format("data::text || ' ' || coalesce(reason, '')")
        + ")",
        tenant,
        ids,
        terms,
    )
    for event in events:
        conn.execute(
            text(
                "UPDATE event SET related_ids = CAST(:r AS uuid[]), reason = :reason,"
                " data = CAST(:data AS jsonb) WHERE id = :id"
            ),
            {
                "id": event.id,
                "r": without(event.related_ids, quoted),
                "reason": scrub_text(event.reason, quoted),
                "data": json.dumps(scrub(event.data, quoted, derived=True)),
            },
        )
    counts["event_scrubbed"] += len(events)
    exposures = _mentioning(
        conn,
        "SELECT id, query, returned_ids FROM exposure WHERE tenant = :t AND"
        " (returned_ids && CAST(:ids AS uuid[]) OR " + _ANY_TERM.format("query") + ")",
        tenant,
        ids,
        terms,
    )
    for exposure in exposures:
        touched = bool(set(exposure.returned_ids) & gone)
        conn.execute(
            text(
                "UPDATE exposure SET query = :q, returned_ids = CAST(:r AS uuid[]) WHERE id = :id"
            ),
            {
                "id": exposure.id,
                "q": FORGOTTEN if touched else scrub_text(exposure.query, quoted),
                "r": without(exposure.returned_ids, quoted),
            },
        )
    counts["exposure_scrubbed"] += len(exposures)
    returned = [str(x.id) for x in exposures if set(x.returned_ids) & gone]
    done = conn.execute(  # the same recalls' events quote the query too
        text(
            "UPDATE event SET data = jsonb_set(data, '{query}', to_jsonb(CAST(:f AS text)))"
            " WHERE tenant = :t AND type = 'recall' AND data->>'recall_id' = ANY(:r)"
            " AND data ? 'query'"
        ),
        {"t": tenant, "r": returned, "f": FORGOTTEN},
    )
    counts["event_scrubbed"] += int(done.rowcount or 0)
    runs = _mentioning(
        conn,
        "SELECT id, report FROM curation_run WHERE tenant = :t AND "
        + _ANY_TERM.format("report::text"),
        tenant,
        ids,
        terms,
    )
    for run in runs:
        conn.execute(
            text("UPDATE curation_run SET report = CAST(:r AS jsonb) WHERE id = :id"),
            {"id": run.id, "r": json.dumps(scrub(run.report, quoted, derived=True))},
        )
    counts["curation_run_scrubbed"] += len(runs)


_CASCADED = {
    "memory_state": "memory_id = ANY(:ids)",
    "memory_claim": "memory_id = ANY(:ids)",
    "conflict": "memory_id = ANY(:ids)",
    "change_review": "older_id = ANY(:ids) OR newer_id = ANY(:ids)",
}


def _memories(conn: Connection, tenant: str, gone: set[uuid.UUID], counts: Counter[str]) -> None:
    """The memory rows (what references them cascades, counted first) and the copies of
    them a bulk load kept."""
    ids = list(gone)
    for table, where in _CASCADED.items():
        counts[table] += int(
            conn.execute(
                text(f"SELECT count(*) FROM {table} WHERE tenant = :t AND ({where})"),
                {"t": tenant, "ids": ids},
            ).scalar_one()
        )
    done = conn.execute(
        text("DELETE FROM memory WHERE tenant = :t AND id = ANY(:ids)"), {"t": tenant, "ids": ids}
    )
    counts["memory"] += int(done.rowcount or 0)
    for kept in replaced_partitions(conn, tenant):
        done = conn.execute(
            text(f"DELETE FROM {RETIRED_SCHEMA}.{quote(kept)} WHERE id = ANY(:ids)"), {"ids": ids}
        )
        counts[f"{RETIRED_SCHEMA}.memory"] += int(done.rowcount or 0)
