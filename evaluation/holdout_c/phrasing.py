"""How one slot is said: its clauses, synonyms and key names, and one statement to render.

A ``Phrasebook`` holds the several ways people name a slot ("runs out of", "is hosted in",
"region"), so no family names it the same way every time. A ``Statement`` is one thing to
write: who, which slot, which value, when, and whether it is news, a restatement or an
addition to a multi-valued relation.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Mode = Literal["state", "update", "restate", "add"]


@dataclass(frozen=True)
class Phrasebook:
    """The wordings of one slot. Templates use ``{e}`` (entity), ``{v}`` (value), ``{d}``
    (a detail such as the drug or library) and ``{o}`` (an event's occasion)."""

    keys: tuple[str, ...]
    abbr: str
    clauses: tuple[str, ...]
    asks: tuple[str, ...]
    entity_key: str
    updates: tuple[str, ...] = ()
    adds: tuple[str, ...] = ()
    you: tuple[str, ...] = ()
    detail_key: str = ""


@dataclass(frozen=True)
class Statement:
    """One fact to write in some family: ``mode`` says whether it is the first word on the
    slot (``state``), news of a new value (``update``), the same value said again
    (``restate``) or one more value of a multi-valued relation (``add``)."""

    book: Phrasebook
    entity: str
    value: str
    at: datetime
    mode: Mode
    seed: str
    detail: str = ""
    occasion: str = ""

    def pick(self, options: tuple[str, ...] | list[str], salt: str = "") -> str:
        """One of ``options``, chosen by a checksum of the statement, so the same statement
        always reads the same and neighbouring statements read differently."""
        return options[checksum(f"{self.seed}|{salt}") % len(options)]

    def clause(self, salt: str = "", value: str | None = None) -> str:
        """The fact as a clause in this statement's mode, in one of its synonyms (``value``
        stands in for the value, for families that change the case of everything else)."""
        templates = {
            "update": self.book.updates or self.book.clauses,
            "add": self.book.adds or self.book.clauses,
        }.get(self.mode, self.book.clauses)
        return self.fill(self.pick(templates, f"clause{salt}"), value)

    def fill(self, template: str, value: str | None = None) -> str:
        if self.entity.endswith("s"):  # "Northwind Logistics'", as people write it
            template = template.replace("{e}'s", "{e}'")
        return template.format(
            e=self.entity, v=self.value if value is None else value, d=self.detail, o=self.occasion
        )

    def key(self) -> str:
        return self.pick(self.book.keys, "key")

    def label(self) -> str:
        """The entity with its detail (when the slot has one) and occasion, for key/value
        shapes: ``Harold Jenkins lisinopril``, ``Payments squad 2023``."""
        detail = self.detail if self.book.detail_key else ""
        return " ".join(part for part in (self.entity, detail, self.occasion) if part)


def checksum(text: str) -> int:
    return zlib.crc32(text.encode())
