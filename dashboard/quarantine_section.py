"""The curator queue's section of quarantined writes: instruction-like content from a
source below the tenant's trust threshold, held by the trust gate (stored, never
recalled). Each shows its text (an agent's words: escaped) and why; release or reject is
one action through the curation API."""

from __future__ import annotations

import streamlit as st

from curation import MemgovError
from dashboard import data, ui

# the curator's two buttons on a held write, side by side: (label, key prefix, release?, icon)
DECISIONS = [
    ("Release", "release", True, ":material/lock_open:"),
    ("Reject", "reject_quarantined", False, ":material/block:"),
]


def _decide(tenant: str, memory_id: str, release: bool) -> None:
    store = data.store()
    try:
        if release:
            store.quarantine.release(tenant, memory_id, actor="dashboard")
        else:
            store.quarantine.reject(tenant, memory_id, actor="dashboard")
    except MemgovError as exc:
        ui.flash("error", f"Not decided: {ui.code(str(exc))}")
        return
    data.clear_caches()
    verb = "Released (recalled from now on)" if release else "Rejected (archived, never recalled)"
    ui.flash("success", f"{verb}: `{memory_id[:8]}`")


def render(tenant: str) -> None:
    held = data.store().quarantine.held(tenant)
    for item in ui.cards(
        "Quarantined writes (trust gate)",
        held,
        "Nothing quarantined. The trust gate holds a write here when it addresses the "
        "agent (instructions, role tags, tool-call syntax, hidden Unicode) and its writer "
        "or source is below the tenant's trust threshold.",
    ):
        ui.quote(item.content)
        ui.text_html("<b>Reason:</b> {reason}", reason=item.reason)
        st.caption(
            f"{item.kind} · source {ui.code(item.source or '-')} · {ui.when(item.created_at)}"
        )
        for col, (label, prefix, release, icon) in zip(st.columns(2), DECISIONS, strict=True):
            col.button(
                label,
                key=f"{prefix}_{item.id}",
                on_click=_decide,
                args=(tenant, item.id, release),
                icon=icon,
            )
