"""The demo's steps without Dagster: load the demo fleet, show recall raw vs curated, curate,
show it again (``memgov demo`` itself is ``orchestration.demo``, which runs these).

Runs in its own database (``memgov_demo`` on the embedded server, recreated each time) so
it never touches a real store; ``make up`` points the UIs at the same database.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
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
    Settings,
    app_role_url,
    embedded_server_uri,
    recreate_database,
    sqlalchemy_url,
)
from evaluation.demo_fleet import NOW, START, DemoQuery, TenantScript, demo_fleet

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
    """Replay writes and recalls in time order, so recall history is what it would be."""
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
                )
        else:
            store.remember_many(
                script.tenant,
                [w.as_input() for w in items],
                actor="demo-agent",
                now=max(w.at for w in items),
            )
    for query, expected in script.golden:
        match = store.memories(script.tenant, contains=expected, limit=1)
        if match:
            store.add_golden_probe(script.tenant, query, [match[0].id], k=3, now=NOW)


def recall_time(day: float) -> datetime:
    return START + timedelta(days=day, hours=2)


def _cell(result: RecallResult, width: int) -> list[str]:
    lines: list[str] = []
    for n, hit in enumerate(result.hits[:3], start=1):
        tag = "" if hit.status == "active" else f" [{hit.archive_reason}]"
        doubt = " ⚠contested" if hit.conflicts else ""
        wrapped = textwrap.wrap(f"{n}. {hit.content}{tag}{doubt}", width=width) or [""]
        lines.extend(wrapped[:2])
    return lines or ["(no hits)"]


def side_by_side(
    store: MemoryStore, tenant: str, query: DemoQuery, out: Print, width: int = 56
) -> tuple[bool, bool]:
    raw = store.recall(tenant, query.query, k=3, mode="raw", now=NOW)
    curated = store.recall(tenant, query.query, k=3, mode="curated", record=False, now=NOW)
    raw_ok = bool(raw.hits) and query.current in raw.hits[0].content
    cur_ok = bool(curated.hits) and query.current in curated.hits[0].content
    out(f"  Q: {query.query}")
    out(f"    {'RAW (every memory ever written)':<{width}}  CURATED")
    left, right = _cell(raw, width), _cell(curated, width)
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        out(f"    {a:<{width}}  {b}")
    out(
        f"    top hit current? raw: {'yes' if raw_ok else 'NO'}   "
        f"curated: {'yes' if cur_ok else 'NO'}"
    )
    return raw_ok, cur_ok


def show_recall(
    store: MemoryStore, scripts: Sequence[TenantScript], title: str, out: Print
) -> tuple[int, int, int]:
    out(f"\n=== {title} ===")
    raw_total = cur_total = asked = 0
    for script in scripts:
        out(f"\n[{script.tenant}]")
        for query in script.queries:
            raw_ok, cur_ok = side_by_side(store, script.tenant, query, out)
            raw_total += raw_ok
            cur_total += cur_ok
            asked += 1
    out(f"\n  top hit is the current truth: raw {raw_total}/{asked}, curated {cur_total}/{asked}")
    return raw_total, cur_total, asked


def curate_directly(store: MemoryStore, scripts: Sequence[TenantScript], out: Print) -> None:
    for script in scripts:
        report = store.curate(script.tenant, apply=True, actor="demo", now=NOW)
        planned, applied = report.planned, report.applied
        out(
            f"  {script.tenant}: active {planned['active_before']} → {report.active_after}; "
            f"superseded {applied['superseded']}, duplicates {applied['duplicates_archived']} "
            f"in {applied['merged_clusters']} clusters, decayed {applied['decayed']} "
            f"(skipped by cap {planned['skipped_by_cap']}), conflicts opened "
            f"{applied['conflicts_opened']}, proposals {applied['proposals_created']}"
        )


def run_demo(
    *,
    embedder: Embedder | None = None,
    out: Print = print,
    database: Database | None = None,
    curate: Callable[[MemoryStore, Sequence[TenantScript], Print], None] | None = None,
) -> dict[str, Any]:
    database = database or demo_database()
    store = MemoryStore(database, embedder=embedder, clock=FixedClock(NOW))
    scripts = demo_fleet()
    out(
        f"Loading the demo fleet into {database.engine.url.database!r} "
        f"({sum(len(s.writes) for s in scripts)} memories, 2 tenants, 60 simulated days)..."
    )
    for script in scripts:
        load_script(store, script)
    before = show_recall(store, scripts, "Recall before curation", out)
    for script in scripts:  # the demo enables writes explicitly; new tenants start dry-run
        store.set_policy(script.tenant, CurationPolicy().with_all_modes(Mode.APPLY), now=NOW)
    out("\n=== Curation pass ===")
    (curate or curate_directly)(store, scripts, out)
    after = show_recall(store, scripts, "Recall after curation", out)
    for script in scripts:
        proposals = store.proposals(script.tenant)
        conflicts = store.conflicts(script.tenant)
        out(
            f"\n[{script.tenant}] curator queue: {len(proposals)} principle proposal(s), "
            f"{len(conflicts)} open conflict(s)"
        )
        for p in proposals[:3]:
            out(
                f"  proposal ({len(p.member_ids)} entries → generality {p.generality}): "
                f"{p.text}"
            )
        for c in conflicts[:3]:
            out(f"  conflict on {store.get(script.tenant, c.memory_id).content!r}: {c.evidence}")
    return {"before": before, "after": after, "tenants": [s.tenant for s in scripts]}
