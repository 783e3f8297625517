"""What a forget takes: the memories a selector names, plus everything made from them.

A forget is asked by exactly one selector (a source, metadata values, a list of ids, or a
text the content contains); any status matches, archived included. The selection then
grows to a fixed point over what was derived from it: the copies merged away into a
forgotten memory (archived ``duplicate`` with ``superseded_by`` a forgotten one), and a
principle the curator approved as a new memory when any of its members is forgotten (its
text was written from them; the remaining members are re-proposed, ``forget.py``). A
principle that *is* one of its members (promoted) lives or dies as that member. A survivor
a forgotten duplicate was merged into is not matched, so it keeps living."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, text

from curation._errors import ValidationError
from curation._validation import validate_label, validate_search_text, validate_uuid

SELECTORS = ("source", "metadata", "ids", "match")
MAX_FORGET_IDS = 100_000


def sha256(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def one_selector(given: Mapping[str, Any]) -> tuple[str, Any]:
    """The one selector given (its name as the caller spells it, and its value). Field
    names are the caller's (``--source`` on the command line, ``source`` in Python), so
    the refusal names what the caller typed."""
    chosen = [(name, value) for name, value in given.items() if value is not None]
    names = "|".join(given)
    if not chosen:
        raise ValidationError(names, None, "one selector is required")
    if len(chosen) > 1:
        raise ValidationError(
            "|".join(name for name, _ in chosen),
            [value for _, value in chosen],
            "give exactly one selector",
        )
    return chosen[0]


@dataclass(frozen=True)
class ForgetSelector:
    """One validated selector: ``kind`` is one of ``SELECTORS``."""

    kind: str
    source: str | None = None
    metadata: tuple[tuple[str, str], ...] = ()
    ids: tuple[uuid.UUID, ...] = ()
    match: str | None = None

    def asked(self) -> dict[str, Any]:
        """What was asked, as the receipt keeps it: the selector and SHA-256 hashes of its
        values (a source, a key's value or a matched text may itself name the subject)."""
        if self.kind == "source":
            return {"selector": "source", "value_sha256": sha256(self.source or "")}
        if self.kind == "metadata":
            return {
                "selector": "metadata",
                "keys": [k for k, _ in self.metadata],
                "values_sha256": [sha256(v) for _, v in self.metadata],
            }
        if self.kind == "ids":
            return {"selector": "ids", "ids": len(self.ids)}
        return {"selector": "match", "value_sha256": sha256(self.match or "")}


def _not_blank(field_name: str, value: str) -> str:
    if not value.strip():
        raise ValidationError(field_name, value, "must not be empty")
    return value


def selector_of(
    *,
    source: str | None = None,
    metadata: Mapping[str, Any] | None = None,
    ids: Sequence[str | uuid.UUID] | None = None,
    match: str | None = None,
) -> ForgetSelector:
    """The one selector of a Python call, validated (ValidationError names the field)."""
    kind, value = one_selector({"source": source, "metadata": metadata, "ids": ids, "match": match})
    if kind == "source":
        return ForgetSelector(
            "source", source=_not_blank("source", validate_label("source", value) or "")
        )
    if kind == "match":
        return ForgetSelector(
            "match", match=_not_blank("match", validate_search_text("match", value) or "")
        )
    if kind == "metadata":
        if not isinstance(value, Mapping) or not value:
            raise ValidationError("metadata", value, "must be a non-empty object of key: value")
        pairs = []
        for key, wanted in value.items():
            if not isinstance(key, str) or not key:
                raise ValidationError("metadata", key, "keys must be non-empty strings")
            if not isinstance(wanted, str | int | float | bool):
                raise ValidationError(f"metadata.{key}", wanted, "must be a string or a number")
            shown = str(wanted).lower() if isinstance(wanted, bool) else str(wanted)
            pairs.append((validate_label("metadata", key) or key, shown))
        return ForgetSelector("metadata", metadata=tuple(sorted(pairs)))
    if isinstance(value, str | bytes) or not isinstance(value, Sequence) or not value:
        raise ValidationError("ids", value, "must be a non-empty list of memory ids")
    if len(value) > MAX_FORGET_IDS:
        raise ValidationError("ids", len(value), f"at most {MAX_FORGET_IDS} ids at a time")
    unique = dict.fromkeys(validate_uuid("ids", item) for item in value)
    return ForgetSelector("ids", ids=tuple(unique))


def metadata_pair(raw: str, field_name: str = "--metadata") -> tuple[str, str]:
    """``key=value`` as typed on the command line."""
    key, sep, value = raw.partition("=")
    if not sep or not key.strip():
        raise ValidationError(field_name, raw, "must be key=value")
    return key, value


def _like(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def selected_ids(conn: Connection, tenant: str, selector: ForgetSelector) -> list[uuid.UUID]:
    """The tenant's memories the selector names, any status."""
    base = "SELECT id FROM memory WHERE tenant = :t AND "
    params: dict[str, Any] = {"t": tenant}
    if selector.kind == "source":
        where, params["v"] = "source = :v", selector.source
    elif selector.kind == "match":
        where, params["v"] = "content ILIKE :v", _like(selector.match or "")
    elif selector.kind == "ids":
        where, params["v"] = "id = ANY(:v)", list(selector.ids)
    else:
        clauses = []
        for n, (key, wanted) in enumerate(selector.metadata):
            params[f"k{n}"], params[f"v{n}"] = key, wanted
            clauses.append(f"metadata->>:k{n} = :v{n}")
        where = " AND ".join(clauses)
    return list(conn.execute(text(base + where + " ORDER BY id"), params).scalars())


_MERGED_AWAY = text(
    "SELECT memory_id FROM memory_state WHERE tenant = :t AND status = 'archived'"
    " AND archive_reason = 'duplicate' AND superseded_by = ANY(:ids)"
)
# principles written as a new memory (not one of their members) that lose a member
_WRITTEN_PRINCIPLES = text(
    "SELECT principle_id FROM proposal WHERE tenant = :t AND status = 'approved'"
    " AND principle_id IS NOT NULL AND NOT (principle_id = ANY(member_ids))"
    " AND member_ids && CAST(:ids AS uuid[])"
)


@dataclass
class Selection:
    """The selector's own matches and everything forgotten with them."""

    matched: list[uuid.UUID]
    forgotten: set[uuid.UUID] = field(default_factory=set)
    merged_away: int = 0
    principles: int = 0
    # principles written from a forgotten member: gone, but their text is the members'
    # shared statement, which the remaining members may state again word for word
    written_principles: set[uuid.UUID] = field(default_factory=set)


def expand(conn: Connection, tenant: str, matched: list[uuid.UUID]) -> Selection:
    """Grow the matches to the fixed point of what was derived from them."""
    selection = Selection(matched=matched, forgotten=set(matched))
    frontier = set(matched)
    while frontier:
        ids = list(selection.forgotten)
        merged = set(conn.execute(_MERGED_AWAY, {"t": tenant, "ids": ids}).scalars())
        written = set(conn.execute(_WRITTEN_PRINCIPLES, {"t": tenant, "ids": ids}).scalars())
        frontier = (merged | written) - selection.forgotten
        selection.merged_away += len(merged - selection.forgotten)
        selection.principles += len(frontier - merged)
        selection.written_principles |= frontier - merged
        selection.forgotten |= frontier
    return selection
