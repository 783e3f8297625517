"""What every page shares: the sidebar with the tenant selector, page headers, the
messages an action leaves for the next run ("flash" messages), and the one way pages show
untrusted text.

Agent-written text (memory content, claims, evidence, proposal text, queries, tenant names)
is untrusted: Streamlit's Markdown would turn ``# URGENT`` into a heading, ``![x](url)`` into
an outside request and ``$2,000 not $1,000`` into math. Pages never put it into Markdown
except through :func:`code` (an inline code span, which Markdown shows literally), and show
longer text through :func:`text_html` / :func:`quote` (escaped HTML)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar

import streamlit as st

from dashboard import data

TENANT_KEY = "tenant"
_FLASH_KEY = "_memgov_flash"
_STORE_ERROR_KEY = "_memgov_store_error"

FlashKind = Literal["success", "error", "warning", "info"]


def sidebar() -> str | None:
    """The sidebar of every page: the tenant selector (kept in ``st.session_state``; the
    first choice comes from ``?tenant=`` if it names a tenant) and where the data is from.
    Called by the entrypoint before the page runs."""
    st.session_state.pop(_STORE_ERROR_KEY, None)
    with st.sidebar:
        try:
            names = data.tenants()
        except Exception as exc:  # the database is unreachable or not configured
            st.session_state[_STORE_ERROR_KEY] = f"{type(exc).__name__}: {exc}"
            st.caption("Store unavailable")
            return None
        if not names:
            st.caption("No tenants yet")
            return None
        if st.session_state.get(TENANT_KEY) not in names:
            wanted = st.query_params.get("tenant")
            st.session_state[TENANT_KEY] = wanted if wanted in names else names[0]
        tenant: str = st.selectbox(
            "Tenant", names, key=TENANT_KEY, help="Every page shows this tenant's store."
        )
        st.caption(f"Store: {data.describe_store()}")
        return tenant


def require_tenant() -> str:
    """The selected tenant, or an empty state that says what to run (and stop the page)."""
    error = st.session_state.get(_STORE_ERROR_KEY)
    if error:
        st.warning(
            "The memory store cannot be opened. Start it with `memgov init` (embedded "
            "PostgreSQL under `MEMGOV_HOME`) or point `MEMGOV_DATABASE_URL` at a PostgreSQL "
            f"with pgvector.\n\n{code(error)}"
        )
        st.stop()
    tenant = st.session_state.get(TENANT_KEY)
    if not tenant:
        st.info(
            "No tenants yet: load the demo fleet with `make demo` (or import memories with "
            "`memgov import <file.jsonl> -t <tenant>`), then curate with "
            "`memgov curate -t <tenant> --apply`."
        )
        st.stop()
    return str(tenant)


def header(title: str, tenant: str | None = None, caption: str | None = None) -> None:
    st.title(title)
    parts = []
    if tenant:
        parts.append(f"Tenant {code(tenant)}")
    if caption:
        parts.append(caption)
    if parts:
        st.caption(" · ".join(parts))
    show_flash()


def flash(kind: FlashKind, message: str) -> None:
    """Leave a message for the next run of the page (actions run in callbacks)."""
    st.session_state.setdefault(_FLASH_KEY, []).append((kind, message))


def show_flash() -> None:
    for kind, message in st.session_state.pop(_FLASH_KEY, []):
        {"success": st.success, "error": st.error, "warning": st.warning, "info": st.info}[kind](
            message
        )


def short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def when(at: datetime | None) -> str:
    return "—" if at is None else at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


_BACKTICKS = re.compile(r"`+")


def code(text: str) -> str:
    """``text`` as a Markdown inline code span: shown literally (no emphasis, heading,
    link, image, math, colour directive or emoji), on one line. The fence is one backtick
    longer than any run inside, as CommonMark requires."""
    flat = " ".join(str(text).split())
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(flat)), default=0) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def text_html(template: str, /, **untrusted: object) -> None:
    """Show ``template`` (trusted HTML written by the page) with each ``{name}`` filled by
    the HTML-escaped untrusted value: the value shows as the characters it is."""
    escaped = {name: html.escape(str(value)) for name, value in untrusted.items()}
    st.html(f'<div style="margin:0.1rem 0 0.4rem 0">{template.format(**escaped)}</div>')


def quote(text: str) -> None:
    """A block quote of untrusted text (line breaks kept)."""
    text_html(
        '<div style="border-left:3px solid #ccc;padding:0.1rem 0 0.1rem 0.8rem;'
        'white-space:pre-wrap">{text}</div>',
        text=text,
    )


def quotes_side_by_side(left_label: str, left: str, right_label: str, right: str) -> None:
    """Two entries of untrusted text side by side, each quoted under its label (markdown
    written by the page): an older entry and the newer one that replaces it."""
    first, second = st.columns(2)
    with first:
        st.markdown(left_label)
        quote(left)
    with second:
        st.markdown(right_label)
        quote(right)


T = TypeVar("T")


def cards(title: str, items: Sequence[T], empty: str, intro: str = "") -> Iterator[T]:
    """A queue's section: its header (and ``intro``, markdown), ``empty`` when there is
    nothing, else each item yielded inside its own bordered card (the caller's loop body
    fills it)."""
    st.header(title, divider="gray")
    if intro:
        st.markdown(intro)
    if not items:
        st.info(empty)
    for item in items:
        with st.container(border=True):
            yield item


@dataclass(frozen=True)
class Decision:
    """A button of a decision row: ``act(*args)`` runs when it is clicked."""

    label: str
    key: str
    act: Callable[..., None]
    args: tuple[Any, ...]
    icon: str


def decision_row(note_key: str, placeholder: str, *decisions: Decision) -> None:
    """The curator's note (the callbacks read it by ``note_key``, and keep it with the
    decision) beside the decision's buttons; the first button is the primary one."""
    cols = st.columns([3, *[1] * len(decisions)], vertical_alignment="bottom")
    cols[0].text_input("Note", key=note_key, placeholder=placeholder)
    for n, (col, decision) in enumerate(zip(cols[1:], decisions, strict=True)):
        col.button(
            decision.label,
            key=decision.key,
            type="primary" if n == 0 else "secondary",
            on_click=decision.act,
            args=decision.args,
            icon=decision.icon,
        )
