"""Word-level diffs for the curator: how a member entry differs from a proposal's text."""

from __future__ import annotations

import difflib
import html
import re

_WORDS = re.compile(r"\S+")

# (op, words): "equal", "delete" (only in the member), "insert" (only in the proposal)
Op = tuple[str, str]


def word_diff(member: str, proposal: str) -> list[Op]:
    """The member's words against the proposal's, in order."""
    a, b = _WORDS.findall(member), _WORDS.findall(proposal)
    out: list[Op] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out.append(("equal", " ".join(a[i1:i2])))
            continue
        if tag in ("delete", "replace"):
            out.append(("delete", " ".join(a[i1:i2])))
        if tag in ("insert", "replace"):
            out.append(("insert", " ".join(b[j1:j2])))
    return out


def similarity(member: str, proposal: str) -> float:
    """Share of matching words (difflib's ratio over word sequences)."""
    a, b = _WORDS.findall(member), _WORDS.findall(proposal)
    return difflib.SequenceMatcher(a=a, b=b, autojunk=False).ratio()


DELETE_STYLE = "background:#fde2e1;color:#8a1c1c;text-decoration:line-through;padding:0 2px"
INSERT_STYLE = "background:#dcf5e3;color:#14532d;padding:0 2px"


def word_diff_html(member: str, proposal: str) -> str:
    """The diff as escaped HTML: words only in the member struck through in red, words
    only in the proposal in green."""
    parts = []
    for op, words in word_diff(member, proposal):
        safe = html.escape(words)
        if op == "delete":
            parts.append(f'<del style="{DELETE_STYLE}">{safe}</del>')
        elif op == "insert":
            parts.append(f'<ins style="{INSERT_STYLE}">{safe}</ins>')
        else:
            parts.append(safe)
    return " ".join(parts)
