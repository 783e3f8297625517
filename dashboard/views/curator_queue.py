"""Curator queue: principle proposals to approve, reject or unmerge; conflicts to resolve;
inferred supersessions held for review (``dashboard.held_changes``).

Every action is one call to the curation API (which records it as an event), runs in a
button callback, and leaves its result as a message at the top of the page."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from curation import MemgovError, MemoryRecord, ProposalRecord
from dashboard import data, diffview, held_changes, quarantine_section, ui

BATCH_KEY = "proposal_batch"
TEXT_KEY = "principle_text_"  # + proposal id: the text as the curator edited it
NOTE_KEY = "reject_note"
UNMERGE_KEY = "unmerge_choice"
RESOLUTIONS = {
    "replace": "a new statement replaces the contested entry (archived as superseded)",
    "narrow": "a narrower statement replaces it (one generality lower)",
    "retire": "the contested entry is archived as retired",
    "dismiss": "the claim is dismissed; the entry stays as it was",
}


# -- actions (callbacks: they run before the page is drawn again) ---------------------------
def _approve(tenant: str, proposed: dict[str, str]) -> None:
    ids = list(st.session_state.get(BATCH_KEY) or [])
    if not ids:
        ui.flash("warning", "Select at least one proposal to approve.")
        return
    texts = {
        pid: str(st.session_state[TEXT_KEY + pid])
        for pid in ids
        if st.session_state.get(TEXT_KEY + pid) not in (None, proposed.get(pid))
    }
    try:
        results = data.approve(tenant, ids, texts=texts or None)
    except MemgovError as exc:
        ui.flash("error", f"Nothing approved (the batch is all or none): {ui.code(str(exc))}")
        return
    subsumed = sum(int(r.subsumed) for r in results)
    created = sum(bool(r.created) for r in results)
    edited = sum(bool(r.edited) for r in results)
    ui.flash(
        "success",
        f"Approved {len(results)} proposal(s), {edited} with the text as you edited it: "
        f"{subsumed} entries archived as subsumed under {len(results)} principle(s) "
        f"({created} written new, {len(results) - created} promoted from a member). "
        "Unmerge restores them in one action.",
    )
    st.session_state[BATCH_KEY] = []


def _reject(tenant: str) -> None:
    ids = list(st.session_state.get(BATCH_KEY) or [])
    if not ids:
        ui.flash("warning", "Select at least one proposal to reject.")
        return
    note = str(st.session_state.get(NOTE_KEY) or "").strip()
    try:
        n = data.reject(tenant, ids, note=note or None)
    except MemgovError as exc:
        ui.flash("error", f"Nothing rejected: {ui.code(str(exc))}")
        return
    ui.flash("success", f"Rejected {n} proposal(s); their members stay active as they were.")
    st.session_state[BATCH_KEY] = []
    st.session_state[NOTE_KEY] = ""


def _unmerge(tenant: str) -> None:
    proposal_id = st.session_state.get(UNMERGE_KEY)
    if not proposal_id:
        ui.flash("warning", "Choose an approved principle to unmerge.")
        return
    try:
        result = data.unmerge(tenant, str(proposal_id))
    except MemgovError as exc:
        ui.flash("error", f"Unmerge failed: {ui.code(str(exc))}")
        return
    ui.flash(
        "success",
        f"Unmerged: {result.restored} entries restored to the active set; the principle "
        "is withdrawn (or returned to its former generality).",
    )


def _resolve(tenant: str, conflict_id: str) -> None:
    how = str(st.session_state.get(f"resolution_{conflict_id}") or "dismiss")
    replacement = str(st.session_state.get(f"replacement_{conflict_id}") or "").strip()
    note = str(st.session_state.get(f"note_{conflict_id}") or "").strip()
    try:
        result = data.resolve(
            tenant,
            conflict_id,
            how,
            replacement=replacement if how in ("replace", "narrow") and replacement else None,
            note=note or None,
        )
    except MemgovError as exc:
        ui.flash("error", f"Conflict not resolved: {ui.code(str(exc))}")
        return
    parts = [f"Conflict {result.status} ({result.resolution})"]
    if result.archived:
        parts.append("the contested entry is archived")
    if result.replacement_id:
        parts.append(f"replacement `{result.replacement_id[:8]}` is active")
    ui.flash("success", "; ".join(parts) + ". Recorded as a resolve event (reopen undoes it).")


def _undo_inferred(tenant: str, memory_id: str) -> None:
    try:
        data.restore(tenant, memory_id)
    except MemgovError as exc:
        ui.flash("error", f"Not restored: {ui.code(str(exc))}")
        return
    ui.flash(
        "success",
        f"Restored `{memory_id[:8]}` to the active set (a restore event undoes the inferred "
        "supersession; the newer entry stays active too).",
    )


# -- page --------------------------------------------------------------------------------------
tenant = ui.require_tenant()
pending = data.proposals(tenant, "pending")
approved = data.proposals(tenant, "approved")
conflicts = data.conflicts(tenant, "open")
inferred = data.inferred_supersessions(tenant)
ids: list[str] = []
for p in pending + approved:
    ids.extend(p.member_ids)
    if p.principle_id:
        ids.append(p.principle_id)
for c in conflicts:
    ids.append(c.memory_id)
    if c.related_memory_id:
        ids.append(c.related_memory_id)
records = data.memories_by_ids(tenant, ids)

ui.header(
    "Curator queue",
    tenant,
    f"{len(pending)} pending proposal(s) · {len(conflicts)} open conflict(s) · "
    f"{len(data.held_changes(tenant)[0])} held change(s) · "
    f"{len(inferred)} inferred supersession(s)",
)


def _content(memory_id: str | None) -> str:
    record: MemoryRecord | None = records.get(memory_id) if memory_id else None
    return record.content if record else f"(entry {str(memory_id)[:8]} not found)"


def _label(proposal: ProposalRecord) -> str:
    return f"{ui.short(proposal.text, 70)} ({len(proposal.member_ids)} entries)"


st.header("Principle proposals", divider="gray")
if not pending:
    st.info(
        "No pending proposals. Curation proposes a principle when at least three entries "
        "of one kind share most of their words (see each proposal's mean and minimum "
        "token Jaccard); run `memgov curate -t <tenant>`."
    )
for n, proposal in enumerate(pending, start=1):
    evidence = proposal.evidence
    with st.container(border=True):
        st.markdown(
            f"**Proposal {n}** · {len(proposal.member_ids)} entries → generality "
            f"{proposal.generality} · {proposal.kind} · mean Jaccard "
            f"{float(evidence.get('mean_jaccard', 0)):.2f} "
            f"(min {float(evidence.get('min_jaccard', 0)):.2f})"
        )
        ui.quote(proposal.text)
        st.text_area(
            "Principle text (edit it before approving; the proposed text is kept in the history)",
            value=proposal.text,
            key=TEXT_KEY + proposal.id,
            height="content",
        )
        with st.expander("Members, word diff against the proposal, similarity", expanded=n == 1):
            rows = []
            for member_id in proposal.member_ids:
                content = _content(member_id)
                rows.append((diffview.similarity(content, proposal.text), member_id, content))
            for score, member_id, content in sorted(rows, reverse=True):
                record = records.get(member_id)
                status = record.status if record else "?"
                st.html(
                    '<div style="font-size:0.92rem;margin:0.15rem 0">'
                    f'<code style="margin-right:0.4rem">{score:.0%}</code>'
                    f"{diffview.word_diff_html(content, proposal.text)}"
                    f'<span style="color:#888;margin-left:0.4rem">[{status}]</span></div>'
                )
            st.caption(
                "Red, struck through: words only in the member. Green: words only in the "
                "proposal. Percent: words in common."
            )
            pairs = evidence.get("pairs", [])
            if pairs:
                frame = pd.DataFrame(
                    [
                        {
                            "entry": ui.short(_content(a), 60),
                            "similar entry": ui.short(_content(b), 60),
                            "Jaccard": float(j),
                        }
                        for a, b, j in pairs
                    ]
                )
                st.dataframe(
                    frame,
                    hide_index=True,
                    width="stretch",
                    column_config={
                        "Jaccard": st.column_config.ProgressColumn(
                            "token Jaccard", min_value=0.0, max_value=1.0, format="%.2f"
                        )
                    },
                )

if pending:
    options = [p.id for p in pending]
    labels = {p.id: _label(p) for p in pending}
    st.multiselect(
        "Proposals to decide (a batch is approved or rejected in one transaction)",
        options,
        format_func=lambda pid: labels.get(pid, pid),
        key=BATCH_KEY,
    )
    cols = st.columns([1, 1, 3], vertical_alignment="bottom")
    cols[0].button(
        "Approve selected",
        key="approve",
        type="primary",
        on_click=_approve,
        args=(tenant, {p.id: p.text for p in pending}),
        icon=":material/done_all:",
    )
    cols[1].button(
        "Reject selected", key="reject", on_click=_reject, args=(tenant,), icon=":material/block:"
    )
    cols[2].text_input(
        "Note (for a rejection)", key=NOTE_KEY, label_visibility="collapsed", placeholder="Note"
    )

if approved:
    st.subheader("Approved principles")
    by_id = {p.id: p for p in approved}
    for p in approved:
        ui.text_html(
            "• <b>{principle}</b> — over {n} entries, approved {at} by {by}",
            principle=ui.short(_content(p.principle_id), 100),
            n=len(p.member_ids),
            at=ui.when(p.decided_at),
            by=p.decided_by,
        )
    st.selectbox(
        "Approved principle to unmerge",
        list(by_id),
        format_func=lambda pid: _label(by_id[pid]) if pid in by_id else pid,
        key=UNMERGE_KEY,
    )
    st.button("Unmerge", key="unmerge", on_click=_unmerge, args=(tenant,), icon=":material/undo:")

for conflict in ui.cards(
    "Open conflicts",
    conflicts,
    "No open conflicts. Agents contest entries with `store.contest(...)`; curation opens "
    "one when two similar entries disagree on a value.",
):
    contested = records.get(conflict.memory_id)
    left, right = st.columns(2)
    with left:
        st.markdown("**Contested entry**")
        ui.quote(_content(conflict.memory_id))
        if contested:
            st.caption(
                f"{contested.kind} · {contested.status} · written "
                f"{ui.when(contested.created_at)} · recalled {contested.recall_count} times"
            )
    with right:
        ui.text_html("<b>Claim:</b> {claim}", claim=conflict.claim)
        ui.text_html("<b>Evidence:</b> {evidence}", evidence=conflict.evidence)
        st.caption(
            f"source {ui.code(conflict.source)} · detected by "
            f"{ui.code(conflict.detected_by)} · {ui.when(conflict.at)}"
        )
        if conflict.related_memory_id:
            ui.text_html(
                "<b>Related entry:</b> {related}",
                related=_content(conflict.related_memory_id),
            )
    cid = conflict.id
    how = st.radio(
        "Resolution",
        list(RESOLUTIONS),
        key=f"resolution_{cid}",
        horizontal=True,
        captions=list(RESOLUTIONS.values()),
    )
    if how in ("replace", "narrow"):
        hint = (
            "Leave empty to replace it with the related entry"
            if how == "replace" and conflict.related_memory_id
            else "The statement that replaces the contested entry"
        )
        st.text_input("Replacement statement", key=f"replacement_{cid}", placeholder=hint)
    ui.decision_row(
        f"note_{cid}",
        "Why (kept in the history)",
        ui.Decision("Resolve", f"resolve_{cid}", _resolve, (tenant, cid), ":material/gavel:"),
    )

held_changes.render(tenant)
quarantine_section.render(tenant)

for item in ui.cards(
    "Inferred supersessions (applied)",
    inferred,
    "No applied inferred supersessions. Curation infers one when a newer entry states "
    "the same subject and slot with another value and no supersession key says so; it "
    "is applied once confirmed here, or automatically once the tenant has earned it.",
):
    replaced_by = item.current_content or f"(entry {str(item.superseded_by)[:8]} not found)"
    ui.quotes_side_by_side(
        "**Superseded entry** (archived)", item.content, "**Replaced by**", replaced_by
    )
    ui.text_html("<b>Evidence:</b> {evidence}", evidence=item.evidence)
    st.caption(
        f"inferred supersession · by {ui.code(item.actor)} · {ui.when(item.at)}"
        + (" · at write time" if item.run_id is None else " · by a curation run")
    )
    st.button(
        "Undo (restore the entry)",
        key=f"undo_inferred_{item.memory_id}",
        on_click=_undo_inferred,
        args=(tenant, item.memory_id),
        icon=":material/undo:",
    )
