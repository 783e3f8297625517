"""Archive explorer: find archived entries, see why each was removed, restore one."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pandas as pd
import streamlit as st

from curation import ARCHIVE_REASONS, ArchiveReason, MemgovError
from dashboard import data, ui

PICK_KEY = "archive_pick"
REASONS = [*ARCHIVE_REASONS, ArchiveReason.REWOUND.value]
CHAIN_HEADING = {
    "superseded": "**Superseded by** (oldest to newest):",
    "duplicate": "**Duplicate of** (the entry that was kept):",
}
WHY = {
    "superseded": "a newer statement replaced it: a later entry with the same supersession "
    "key, or the replacement a curator chose when resolving a conflict",
    "duplicate": "it was a near-duplicate of another entry of the same kind; the canonical "
    "entry inherited its recall count and importance",
    "decayed": "its retention score fell below the prune threshold (or it sat idle past the "
    "limit) and it was not general enough to keep for being quiet",
    "subsumed": "a curator approved a principle that covers it; it stays reachable through "
    "that principle and returns with an unmerge",
    "retired": "a curator retired it when resolving a conflict, or it was a principle "
    "withdrawn by an unmerge",
    "rewound": "it was written after the moment a curator rewound the tenant to; undoing "
    "that rewind run (`memgov undo RUN`) brings it back",
    "inferred supersession": "no key was given, but a newer entry states another value for "
    "the same subject and slot (the evidence is in its history below); restore it if the "
    "inference is wrong",
}


def _restore(tenant: str, memory_id: str) -> None:
    try:
        record = data.restore(tenant, memory_id)
    except MemgovError as exc:
        ui.flash("error", f"Not restored: {ui.code(str(exc))}")
        return
    ui.flash(
        "success",
        f"Restored 1 entry: {ui.code(ui.short(record.content, 80))} is {record.status} again "
        "(recorded as a restore event with its prior state).",
    )
    st.session_state.pop(PICK_KEY, None)


def _bounds(picked: object) -> tuple[datetime | None, datetime | None]:
    """The date input's range as [since, until) instants (UTC days)."""
    values = picked if isinstance(picked, list | tuple) else [picked]
    days = [d for d in values if isinstance(d, date)]
    if not days:
        return None, None
    first, last = days[0], days[-1]
    since = datetime.combine(first, time.min, tzinfo=UTC)
    until = datetime.combine(last + timedelta(days=1), time.min, tzinfo=UTC)
    return since, until


def _as_of(tenant: str) -> None:
    """The curated set as it was at a chosen moment (UTC), from the history replayed."""
    with st.expander("As of a moment: the curated set as it was then", icon=":material/history:"):
        cols = st.columns(2)
        day = cols[0].date_input("As of (UTC date)", value=None, key="asof_date")
        clock = cols[1].time_input("Time (UTC)", value=time(0, 0), key="asof_time", step=60)
        if not isinstance(day, date):
            st.caption("Pick a date to see the entries that were active then.")
            return
        moment = datetime.combine(day, clock or time(0, 0), tzinfo=UTC)
        try:
            view = data.curated_as_of(tenant, moment)
        except MemgovError as exc:
            st.warning(f"Cannot show that moment: {ui.code(str(exc))}")
            return
        counts = view.counts
        st.caption(
            f"As of {ui.when(moment)}: {counts['active']} active, {counts['archived']} "
            f"archived, {counts['quarantined']} quarantined (entries written later are "
            f"absent); the newest {len(view.memories)} active shown."
        )
        if view.approximated:
            st.caption(
                "Put back from the acts around them (recorded before acts kept their prior "
                "state): " + ", ".join(f"{k}: {v}" for k, v in view.approximated.items())
            )
        if view.memories:
            st.dataframe(
                pd.DataFrame(
                    [
                        {
                            "content": ui.short(m.content, 80),
                            "kind": m.kind,
                            "topic": m.topic or "",
                            "pinned": m.pinned,
                            "status now": m.status_now,
                        }
                        for m in view.memories
                    ]
                ),
                hide_index=True,
                width="stretch",
                height=min(38 + 35 * len(view.memories), 300),
                column_config={"content": st.column_config.TextColumn(width="large")},
            )
        st.caption(
            "To make the tenant so again (one run, undoable): "
            + ui.code(f"memgov rewind -t {tenant} --to {moment.isoformat()} --dry-run")
        )


tenant = ui.require_tenant()
ui.header("Archive explorer", tenant, "archived entries are never deleted: restore any of them")
_as_of(tenant)

cols = st.columns([3, 2, 2])
text = cols[0].text_input("Text contains", key="archive_text", placeholder="e.g. Zendesk")
reasons = cols[1].multiselect("Reason", REASONS, key="archive_reasons")
picked = cols[2].date_input("Archived between", value=[], key="archive_dates")
since, until = _bounds(picked)
found = data.archived(tenant, contains=text, reasons=reasons, since=since, until=until)

counts = data.counts(tenant)
st.caption(
    f"{len(found)} matching archived entries (of {counts.archived} archived"
    + (f"; searching the latest {data.ARCHIVE_SEARCH_LIMIT}" if counts.archived > 500 else "")
    + ")."
)
if not found:
    st.info(
        "No archived entries match. Curation archives entries (superseded, duplicate, "
        "decayed); curators archive them by approving principles or resolving conflicts."
    )
    st.stop()

st.dataframe(
    pd.DataFrame(
        [
            {  # content shortened so every column fits the page's width
                "content": ui.short(m.content, 80),
                "reason": m.archive_reason,
                "archived": m.archived_at,
                "kind": m.kind,
                "written": m.created_at,
                "recalls": m.recall_count,
            }
            for m in found
        ]
    ),
    hide_index=True,
    width="stretch",
    height=min(38 + 35 * len(found), 300),
    column_config={
        "content": st.column_config.TextColumn(width="large"),
        "archived": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
        "written": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
    },
)

by_id = {m.id: m for m in found}
linked = st.query_params.get("memory")  # ?memory=<id>: "why was this removed" deep link
if linked and PICK_KEY not in st.session_state:
    extra = data.memories_by_ids(tenant, [linked]).get(linked)
    if extra is not None and extra.status == "archived":
        by_id.setdefault(extra.id, extra)
        st.session_state[PICK_KEY] = extra.id
if st.session_state.get(PICK_KEY) not in by_id:
    st.session_state[PICK_KEY] = found[0].id
memory_id = st.selectbox(
    "Why was this removed?",
    list(by_id),
    format_func=lambda i: f"[{by_id[i].archive_reason}] {ui.short(by_id[i].content, 100)}",
    key=PICK_KEY,
)

why = data.explain(tenant, memory_id)
memory = why.memory
with st.container(border=True):
    ui.quote(memory.content)
    reason = memory.archive_reason or "unknown"
    if any(e.type == "archive" and (e.data or {}).get("inferred") for e in why.events):
        reason = "inferred supersession"
    st.markdown(
        f"**Archived as {reason}** on {ui.when(memory.archived_at)}: {WHY.get(reason, '')}."
    )
    st.caption(
        f"{memory.kind} · written {ui.when(memory.created_at)} (the entry's own time; the "
        "trail below shows when the store recorded each event) · importance "
        f"{memory.importance:.2f} · generality {memory.generality} · recalled "
        f"{memory.recall_count} times · id `{memory.id}`"
    )
    chain = data.memories_by_ids(tenant, why.superseded_chain)
    if why.superseded_chain:
        st.markdown(CHAIN_HEADING.get(reason, "**Replaced by**"))
        for n, sid in enumerate(why.superseded_chain, start=1):
            newer = chain.get(sid)
            ui.text_html(
                "{n}. {label}{state}",
                n=n,
                label=newer.content if newer else sid,
                state=f" [{newer.status}]" if newer else "",
            )
    if why.parent is not None:
        ui.text_html(
            "<b>Parent principle:</b> {content} [{status}, generality {generality}]",
            content=why.parent.content,
            status=why.parent.status,
            generality=why.parent.generality,
        )
    for conflict in why.conflicts:
        ui.text_html(
            "<b>Conflict ({status}):</b> {claim} — {evidence}",
            status=conflict.status + (f", {conflict.resolution}" if conflict.resolution else ""),
            claim=conflict.claim,
            evidence=conflict.evidence,
        )

    st.markdown("**Event trail**")
    others = {e.memory_id for e in why.events if e.memory_id} | {
        rid for e in why.events for rid in e.related_ids
    }
    previews = data.memories_by_ids(tenant, sorted(others - {memory.id}))

    def _preview(ids: list[str]) -> str:
        return " | ".join(
            ui.short(previews[i].content, 40) if i in previews else i[:8]
            for i in ids
            if i != memory.id
        )

    trail = [
        {
            "recorded at": e.at,
            "event": e.type,
            "actor": e.actor,
            "why": e.reason or "",
            "this entry": "subject" if e.memory_id == memory.id else "related",
            "other entries": _preview([*([e.memory_id] if e.memory_id else []), *e.related_ids]),
            "run": (e.run_id or "")[:8],
        }
        for e in why.events
    ]
    st.dataframe(
        pd.DataFrame(trail),
        hide_index=True,
        width="stretch",
        column_config={  # widths chosen so every column fits the page
            "recorded at": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
            "why": st.column_config.TextColumn(width="medium"),
            "other entries": st.column_config.TextColumn(width="medium"),
            "run": st.column_config.TextColumn(width="small"),
        },
    )
    st.button(
        "Restore this entry",
        key="restore",
        type="primary",
        on_click=_restore,
        args=(tenant, memory.id),
        icon=":material/restore:",
    )
