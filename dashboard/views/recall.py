"""Recall playground: one query, raw and curated side by side, recording nothing."""

from __future__ import annotations

import streamlit as st

from curation import RecallHit
from dashboard import data, ui

QUERY_KEY = "recall_query"


def _hit(n: int, hit: RecallHit, *, curated: bool, contested: dict[str, int]) -> None:
    with st.container(border=True):
        status = (
            ":green[active]" if hit.status == "active" else f":red[archived · {hit.archive_reason}]"
        )
        ui.text_html("<b>{n}.</b> {content}", n=n, content=hit.content)
        scores = f"similarity **{hit.similarity:.3f}**"
        if curated:
            scores += f" · score **{hit.score:.3f}**"
        scores += f" · retention {hit.retention:.2f}"
        st.markdown(f"{status} · {hit.kind} · {scores}")
        for conflict in hit.conflicts:
            ui.text_html(
                '<span style="color:#c2570c">⚠ contested: {claim} — {evidence}</span>',
                claim=conflict.claim,
                evidence=conflict.evidence,
            )
        if not curated and contested.get(hit.id):
            st.markdown(
                f":orange[:material/warning: {contested[hit.id]} open conflict(s) — "
                "raw recall does not attach them]"
            )


tenant = ui.require_tenant()
ui.header(
    "Recall playground",
    tenant,
    "raw (every memory ever written, by similarity alone) vs curated (the active set, "
    "re-ranked, with conflicts) — nothing is recorded",
)
mismatch = data.embedder_mismatch()
if mismatch:
    st.warning(mismatch)

if QUERY_KEY not in st.session_state and st.query_params.get("q"):
    st.session_state[QUERY_KEY] = st.query_params.get("q")
cols = st.columns([6, 1])
query = (
    cols[0].text_input("Query", key=QUERY_KEY, placeholder="e.g. What plan is Initech on?").strip()
)
k = int(cols[1].number_input("k", min_value=1, max_value=50, value=6, key="recall_k"))

if not query:
    st.info("Type a query to recall it both ways. Nothing is recorded: no vote, no event.")
    st.stop()

raw, curated = data.recall_both(tenant, query, k)
contested: dict[str, int] = {}
for conflict in data.conflicts(tenant, "open"):
    contested[conflict.memory_id] = contested.get(conflict.memory_id, 0) + 1

left, right = st.columns(2)
with left:
    st.subheader("Raw")
    st.caption(f"{len(raw.hits)} hits · every memory ever written · similarity only")
    for n, hit in enumerate(raw.hits, start=1):
        _hit(n, hit, curated=False, contested=contested)
with right:
    st.subheader("Curated")
    st.caption(f"{len(curated.hits)} hits · active set · similarity times curation scores")
    for n, hit in enumerate(curated.hits, start=1):
        _hit(n, hit, curated=True, contested=contested)
    if not curated.hits:
        st.info("No active entry matches.")

st.subheader("What curation suppressed for this query")
kept = set(curated.ids)
suppressed = [h for h in raw.hits if h.status == "archived" and h.id not in kept]
if not suppressed:
    st.caption("Nothing: every entry raw recall returned is active or also in the curated list.")
else:
    st.caption(
        f"{len(suppressed)} archived entries raw recall returned that curated recall did not:"
    )
    for hit in suppressed:
        cols = st.columns([5, 1], vertical_alignment="center")
        with cols[0]:
            ui.text_html(
                '• <span style="color:#d62728">{reason}</span> {content} '
                "(similarity {similarity}, id <code>{id}</code>)",
                reason=hit.archive_reason,
                content=hit.content,
                similarity=f"{hit.similarity:.3f}",
                id=hit.id[:8],
            )
        cols[1].page_link(
            "views/archive.py",
            label="Why removed?",
            icon=":material/help:",
            query_params={"memory": hit.id},
        )
