"""Finding and cutting a forgotten memory out of the rows that outlive it.

Rows that mention a forgotten memory but are not its own (a survivor's merge event, an
exposure that returned it, a curation run's report) keep their shape: ids of forgotten
memories leave their lists, and any text that names one or quotes its content (or the
matched text) is replaced by ``FORGOTTEN``. In a history row that mentions a forgotten id,
text derived from its content (a principle's proposed text, a query, a claim) goes too,
since a paraphrase cannot be found by searching."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

FORGOTTEN = "[forgotten]"
DERIVED_KEYS = frozenset(
    {"proposed_text", "edited_text", "text", "query", "claim", "evidence", "detail", "content"}
)
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


@dataclass(frozen=True)
class Needles:
    """What must not be found again: the forgotten ids and texts (contents, the matched
    text), compared case-insensitively."""

    ids: frozenset[str]
    texts: tuple[str, ...]

    @classmethod
    def of(cls, ids: Iterable[uuid.UUID], texts: Iterable[str]) -> Needles:
        folded = {t.lower() for t in texts if t.strip()}
        return cls(frozenset(str(i) for i in ids), tuple(sorted(folded)))

    def search_terms(self) -> list[str]:
        """Lower-cased strings to look for in a column's text (and in JSON's escaping)."""
        escaped = {json.dumps(t, ensure_ascii=False)[1:-1] for t in self.texts}
        return sorted(self.ids | set(self.texts) | escaped)

    def named_id(self, value: str) -> bool:
        return any(m.group(0).lower() in self.ids for m in _UUID.finditer(value))

    def mentions(self, value: str) -> bool:
        folded = value.lower()
        return self.named_id(value) or any(t in folded for t in self.texts)


def without(ids: Iterable[Any], needles: Needles) -> list[str]:
    """A list of ids with the forgotten ones left out, order kept."""
    return [str(i) for i in ids if str(i) not in needles.ids]


def scrub(value: Any, needles: Needles, *, derived: bool = False) -> Any:
    """A JSON value with forgotten ids dropped from lists (and as keys: an act's
    ``prior_states``) and every text naming or quoting them replaced; with ``derived``,
    texts under ``DERIVED_KEYS`` are replaced too."""
    if isinstance(value, dict):  # an entry keyed by a forgotten id is about it: dropped
        return {
            key: FORGOTTEN
            if derived and key in DERIVED_KEYS and isinstance(item, str)
            else scrub(item, needles, derived=derived)
            for key, item in value.items()
            if key.lower() not in needles.ids
        }
    if isinstance(value, list):
        return [
            scrub(item, needles, derived=derived)
            for item in value
            if not (isinstance(item, str) and item.lower() in needles.ids)
        ]
    if isinstance(value, str) and needles.mentions(value):
        return FORGOTTEN
    return value


def scrub_text(value: str | None, needles: Needles) -> str | None:
    return FORGOTTEN if value is not None and needles.mentions(value) else value
