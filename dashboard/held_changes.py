"""The curator queue's section of held changes: supersessions inferred without a key that
the tenant has not earned to apply automatically (``curation._review``), each with both
texts (agents' words: always escaped), the detector's evidence, and confirm / reject; and
the tenant's reviewed precision against the gate's thresholds."""

from __future__ import annotations

import streamlit as st

from curation import ChangeGate, MemgovError
from dashboard import data, ui


def _decide(tenant: str, change_id: str, confirm: bool) -> None:
    note = str(st.session_state.get(f"change_note_{change_id}") or "").strip()
    try:
        if confirm:
            result = data.confirm_change(tenant, change_id, note=note or None)
        else:
            result = data.reject_change(tenant, change_id, note=note or None)
    except MemgovError as exc:
        ui.flash("error", f"Change not decided: {ui.code(str(exc))}")
        return
    if confirm:
        ui.flash(
            "success",
            f"Confirmed: `{result.older_id[:8]}` "
            + ("is archived as superseded (restore undoes it)" if result.archived else "stays")
            + "; the decision counts toward the tenant's reviewed precision.",
        )
    else:
        ui.flash(
            "success",
            "Rejected: both entries stay active"
            + (f" (`{result.older_id[:8]}` restored)" if result.restored else "")
            + "; the pair is never proposed again.",
        )


def gate_caption(gate: ChangeGate) -> str:
    precision = "—" if gate.precision is None else f"{gate.precision:.1%}"
    verdict = "**earned**" if gate.auto_apply_earned else "**not earned**: changes are held"
    return (
        f"Reviewed precision {precision} over {gate.reviewed} decision(s) "
        f"({gate.confirmed} confirmed, {gate.rejected} rejected). Automatic apply {verdict} "
        f"(needs ≥ {gate.min_precision:.0%} over ≥ {gate.min_reviewed} reviewed)."
    )


def render(tenant: str) -> None:
    changes, gate = data.held_changes(tenant)
    for change in ui.cards(
        "Held changes (inferred supersessions to review)",
        changes,
        "No held changes. Curation holds an inferred supersession here (nothing is "
        "archived) until the tenant's reviewed precision earns its automatic apply.",
        intro=gate_caption(gate),
    ):
        ui.quotes_side_by_side(
            "**Older entry** (stays active until confirmed)",
            change.older_content,
            "**Newer entry**",
            change.newer_content,
        )
        ui.text_html("<b>Evidence:</b> {evidence}", evidence=change.detail)
        similarity = "" if change.similarity is None else f"cosine {change.similarity:.3f} · "
        st.caption(
            f"{similarity}held {ui.when(change.proposed_at)} · "
            + ("at write time" if change.source == "write" else "by a curation run")
        )
        cid = change.id
        ui.decision_row(
            f"change_note_{cid}",
            "Why (kept)",
            ui.Decision(
                "Confirm", f"confirm_change_{cid}", _decide, (tenant, cid, True), ":material/done:"
            ),
            ui.Decision(
                "Reject", f"reject_change_{cid}", _decide, (tenant, cid, False), ":material/block:"
            ),
        )
