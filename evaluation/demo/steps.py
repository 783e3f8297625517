"""The demo's steps without Dagster: load the demo fleet, curate it, and show in one screen
whether recall returns the current truth raw, curated before the pass and after it
(``memgov demo`` itself is ``orchestration.demo``, which runs these).

Runs in its own database (``memgov_demo`` on the embedded server, recreated each time) so
it never touches a real store; ``make up`` points the UIs at the same database.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import groupby
from typing import Any

from curation import (
    CurationPolicy,
    Database,
    Embedder,
    FixedClock,
    MemoryStore,
    Mode,
    RecallResult,
    RunReport,
    Settings,
    app_role_url,
    embedded_server_uri,
    recreate_database,
    sqlalchemy_url,
)
from evaluation.console import Terminal, progress
from evaluation.demo.fleet import NOW, START, DemoQuery, TenantScript, demo_fleet

DEMO_DATABASE = "memgov_demo"
Print = Callable[[str], None]


def demo_database(settings: Settings | None = None, name: str = DEMO_DATABASE) -> Database:
    """A fresh scratch database (demo, evaluation) named ``name``, recreated each time, on
    the embedded server — or, with MEMGOV_DATABASE_URL set, on that server beside the
    configured database (never the configured database itself)."""
    settings = settings or Settings.from_env()
    if settings.database_url:
        from sqlalchemy.engine import make_url

        from curation import normalise_url

        url = make_url(normalise_url(settings.database_url))
        if url.database == name:
            raise ValueError(f"refusing to recreate the configured database {name!r}")
        recreate_database(url.set(database="postgres").render_as_string(False), name)
        database = Database(url.set(database=name).render_as_string(False))
    else:
        uri = embedded_server_uri(settings.pgdata)
        recreate_database(sqlalchemy_url(uri, "postgres"), name)
        owner_url = sqlalchemy_url(uri, name)
        database = Database(owner_url, app_url=app_role_url(owner_url))  # as from_settings
    database.upgrade(embedding_dimension=settings.embedding_dimension)
    return database


def load_script(store: MemoryStore, script: TenantScript) -> None:
    """Replay writes and recalls in time order, so recall history is what it would be.
    Every text is embedded up front in one batch: a model call per day costs far more."""
    texts = list(
        dict.fromkeys([w.content for w in script.writes] + [r.query for r in script.recalls])
    )
    vectors = dict(zip(texts, store.embedder.embed(texts), strict=True))
    model = store.embedder.model_name
    events: list[tuple[float, int, Any]] = [(w.day, 0, w) for w in script.writes]
    events += [(r.day, 1, r) for r in script.recalls]
    events.sort(key=lambda e: (e[0], e[1]))
    for (_, is_recall), group in groupby(events, key=lambda e: (int(e[0]), e[1])):
        items = [e[2] for e in group]
        if is_recall:
            for recall in items:
                store.recall(
                    script.tenant,
                    recall.query,
                    k=3,
                    actor="demo-agent",
                    now=recall_time(recall.day),
                    query_embedding=vectors[recall.query],
                )
        else:
            store.remember_many(
                script.tenant,
                [
                    {**w.as_input(), "embedding": vectors[w.content], "embedding_model": model}
                    for w in items
                ],
                actor="demo-agent",
                now=max(w.at for w in items),
            )
    for query, expected in script.golden:
        match = store.memories(script.tenant, contains=expected, limit=1)
        if match:
            store.runs.add_golden_probe(script.tenant, query, [match[0].id], k=3, now=NOW)


def recall_time(day: float) -> datetime:
    return START + timedelta(days=day, hours=2)


def _cell(result: RecallResult, width: int) -> list[str]:
    lines: list[str] = []
    for n, hit in enumerate(result.hits[:3], start=1):
        tag = "" if hit.status == "active" else f" [{hit.archive_reason}]"
        doubt = " (contested)" if hit.conflicts else ""
        wrapped = textwrap.wrap(f"{n}. {hit.content}{tag}{doubt}", width=width) or [""]
        lines.extend(wrapped[:2])
    return lines or ["(no hits)"]


@dataclass(frozen=True)
class Asked:
    """One demo question asked both ways at NOW."""

    tenant: str
    query: DemoQuery
    raw: RecallResult
    curated: RecallResult

    @property
    def raw_ok(self) -> bool:
        return bool(self.raw.hits) and self.query.current in self.raw.hits[0].content

    @property
    def curated_ok(self) -> bool:
        return bool(self.curated.hits) and self.query.current in self.curated.hits[0].content


def ask_all(store: MemoryStore, scripts: Sequence[TenantScript]) -> list[Asked]:
    asked = []
    for script in scripts:
        for query in script.queries:
            raw = store.recall(script.tenant, query.query, k=3, mode="raw", now=NOW)
            curated = store.recall(
                script.tenant, query.query, k=3, mode="curated", record=False, now=NOW
            )
            asked.append(Asked(script.tenant, query, raw, curated))
    return asked


def side_by_side(item: Asked, out: Print, width: int = 50) -> None:
    out(f"  Q: {item.query.query}  [{item.tenant}]")
    out(f"    {'RAW (every memory ever written)':<{width}}  CURATED")
    left, right = _cell(item.raw, width), _cell(item.curated, width)
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        out(f"    {a:<{width}}  {b}")


def _mark(ok: bool) -> str:
    return "yes" if ok else "NO"


def summary(before: Sequence[Asked], after: Sequence[Asked], out: Print) -> None:
    """One screen: per question, whether the top hit is the current truth in raw recall,
    in curated recall before the curation pass and after it; weak cases explained."""
    width = max(len(a.query.query) for a in after) + 2
    out("\n=== Is the top recall hit the current truth? ===")
    out(f"    {'':<{width}}{'raw':>4} {'curated, before':>15} {'after curation':>15}")
    tenant = None
    for old, new in zip(before, after, strict=True):
        if new.tenant != tenant:
            tenant = new.tenant
            out(f"  [{tenant}]")
        out(
            f"    {new.query.query:<{width}}{_mark(new.raw_ok):>4} "
            f"{_mark(old.curated_ok):>15} {_mark(new.curated_ok):>15}"
        )
        if new.query.note:
            out(f"      note: {new.query.note}")
    n = len(after)
    out(
        f"  top hit current: raw {sum(a.raw_ok for a in after)}/{n}, curated "
        f"{sum(a.curated_ok for a in before)}/{n} before the curation pass, "
        f"{sum(a.curated_ok for a in after)}/{n} after it"
    )


def curate_directly(store: MemoryStore, scripts: Sequence[TenantScript], out: Print) -> None:
    for script in scripts:
        report = store.runs.curate(script.tenant, apply=True, actor="demo", now=NOW)
        out(curation_line(script.tenant, report))


def curation_line(tenant: str, report: RunReport) -> str:
    planned, applied = report.planned, report.applied
    return (
        f"  {tenant}: active {planned['active_before']} → {report.active_after} "
        f"(archived, restorable: superseded {applied.get('superseded', 0)}, duplicates "
        f"{applied.get('duplicates_archived', 0)}, decayed {applied.get('decayed', 0)}); "
        f"for a curator: {applied.get('conflicts_opened', 0)} conflict(s), "
        f"{applied.get('proposals_created', 0)} proposal(s), "
        f"{applied.get('held_for_review', 0)} change(s) held for review"
    )


def curator_queue(store: MemoryStore, scripts: Sequence[TenantScript], out: Print) -> None:
    out("\n=== The curator's queue (dashboard: Curator queue) ===")
    for script in scripts:
        proposals = store.curator.proposals(script.tenant)
        for p in proposals[:3]:
            out(f"  [{script.tenant}] proposal, {len(p.member_ids)} {p.kind} entries: {p.text}")
        kinds = {p.kind for p in proposals}
        if len(proposals) > 1 and len(kinds) > 1:
            out(
                "    note: one principle, two proposals: curation groups entries per kind "
                f"({', '.join(sorted(kinds))}); approve one, reject the other"
            )
        for c in store.ledger.conflicts(script.tenant)[:3]:
            out(
                f"  [{script.tenant}] conflict on "
                f"{store.get(script.tenant, c.memory_id).content!r}: {c.evidence}"
            )


def run_demo(
    *,
    embedder: Embedder | None = None,
    out: Print = print,
    database: Database | None = None,
    curate: Callable[[MemoryStore, Sequence[TenantScript], Print], None] | None = None,
    terminal: Terminal | None = None,
) -> dict[str, Any]:
    database = database or demo_database()
    store = MemoryStore(database, embedder=embedder, clock=FixedClock(NOW))
    scripts = demo_fleet()
    writes = sum(len(s.writes) for s in scripts)
    with progress(terminal, f"Loading {writes} memories", writes) as done:
        loaded = 0
        for script in scripts:
            load_script(store, script)
            loaded += len(script.writes)
            done(loaded)
    before = ask_all(store, scripts)
    for script in scripts:  # the demo enables writes explicitly; new tenants start dry-run
        store.tenants.set_policy(
            script.tenant, CurationPolicy().with_all_modes(Mode.APPLY), now=NOW
        )
    out("\n=== Curation pass ===")
    (curate or curate_directly)(store, scripts, out)
    after = ask_all(store, scripts)
    summary(before, after, out)
    telling = next((a for a in after if a.curated_ok and not a.raw_ok), after[0])
    out("\n=== One question side by side (dashboard: Recall playground) ===")
    side_by_side(telling, out)
    curator_queue(store, scripts, out)
    counts = {
        "before": (sum(a.raw_ok for a in before), sum(a.curated_ok for a in before), len(before)),
        "after": (sum(a.raw_ok for a in after), sum(a.curated_ok for a in after), len(after)),
    }
    return {**counts, "tenants": [s.tenant for s in scripts]}
