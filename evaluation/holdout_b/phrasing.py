"""How one statement is written in each of set B's eight wording families.

A ``Phrase`` holds what a writer knows about one kind of statement (the entity, a machine
key, a short label, a full sentence and a value-first sentence); a family turns a phrase,
a value and a time into the text someone would actually type. ``mode`` says whether the
statement replaces a value, adds one, records an event or adds a side note, because people
word those differently ("now", "+", "also").
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from evaluation.holdout.model import family_entry, family_writer

Mode = Literal["replace", "add", "event", "note"]


@dataclass(frozen=True)
class Phrase:
    """One kind of statement about ``entity``; ``{v}`` in the templates is the value."""

    entity: str
    key: str
    label: str
    sentence: str
    value_first: str
    mode: Mode

    @classmethod
    def filled(
        cls, entity: str, key: str, label: str, sentence: str, value_first: str, mode: Mode
    ) -> Phrase:
        """The phrase of templates that name the entity as ``{e}``, filled in for ``entity``."""
        sentence, value_first = sentence.replace("{e}", entity), value_first.replace("{e}", entity)
        return cls(entity, key, label, sentence, value_first, mode)

    def said(self, value: str) -> str:
        return self.sentence.format(v=value)

    @property
    def handle(self) -> str:
        """The entity as a machine key ("Data Eng" -> "data-eng"), as logs and configs write it."""
        return slug(self.entity)


def slug(text: str) -> str:
    return "-".join(text.lower().replace("$", "").split())


Family = Callable[[Phrase, str, datetime, str | None], str]
FAMILIES: dict[str, Family] = {}


def _opening(sentence: str, value: str) -> str:
    """A sentence start capitalised only on a plain word, never on a value or a name."""
    first, _, rest = sentence.partition(" ")
    if first in {"the", "we", "whoever"} and not sentence.startswith(value):
        return f"{first.capitalize()} {rest}"
    return sentence


def _pick(options: tuple[str, ...], p: Phrase, value: str) -> str:
    """One of a family's habits, fixed per statement (a checksum, not ``hash``: no salt)."""
    return options[zlib.crc32(f"{p.entity}|{p.key}|{value}".encode()) % len(options)]


@family_writer(FAMILIES, "terse_chat")
def _terse_chat(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    forms: tuple[str, ...]
    if p.mode == "replace":
        forms = ("{e} {l} now {v}", "{e} {l} -> {v}", "new {e} {l}: {v}")
    elif p.mode == "add":
        forms = ("{e} {l} + {v}", "{e} {l}: also {v}")
    else:
        return p.said(v)
    return _pick(forms, p, v).format(e=p.entity, l=p.label, v=v)


@family_writer(FAMILIES, "log_line")
def _log_line(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    verb = {"replace": "set", "add": "append", "event": "event", "note": "annotate"}[p.mode]
    return f'{at.isoformat()} INFO memo.{verb} {p.handle}.{p.key}="{v}"'


@family_writer(FAMILIES, "slack_abbrev")
def _slack(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    if p.mode == "replace":
        forms = (
            "fyi {s} going fwd, lmk if any qs",
            "psa: {s} from now on ty",
            "heads up ppl, {s} fwiw",
        )
    else:
        forms = ("fyi {s} btw", "fwiw {s}", "{s} fyi")
    return _pick(forms, p, v).format(s=p.said(v))


@family_writer(FAMILIES, "meeting_notes")
def _meeting_notes(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    forms = ("- {d} sync: {S}", "- Per the {d} sync, {s}", "* {S} (confirmed {d})")
    said = p.said(v)
    return _pick(forms, p, v).format(d=f"{at:%b %d}", s=said, S=_opening(said, v))


@family_writer(FAMILIES, "key_value")
def _key_value(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    if p.mode == "add":
        return f"{p.handle}.{p.key} += {v}"
    if p.mode == "event":
        return f"{p.handle}.{p.key}[{at:%Y-%m-%d}]: {v}"
    if p.mode == "note":
        return f"{p.handle}.notes.{p.key}: {v}"
    return f"{p.handle}.{p.key}: {v}"


@family_writer(FAMILIES, "value_first")
def _value_first(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    return f"{p.value_first.format(v=v)}."


@family_writer(FAMILIES, "correction")
def _correction(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    if p.mode != "replace":
        return f"oh and {p.said(v)}"
    if prev is None:
        return f"heads up: {p.said(v)}"
    forms = (
        "actually {s} now, not {prev}",
        "correction: {s}, not {prev} anymore",
        "scratch that, {s} now (was {prev})",
    )
    return _pick(forms, p, v).format(s=p.said(v), prev=prev)


@family_writer(FAMILIES, "table_row")
def _table_row(p: Phrase, v: str, at: datetime, prev: str | None) -> str:
    return f"| {p.entity} | {p.label} | {v} | {at:%Y-%m-%d} |"


def families() -> tuple[str, ...]:
    """The wording families' names, in a fixed order."""
    return tuple(FAMILIES)


def write(family: str, phrase: Phrase, value: str, at: datetime, prev: str | None) -> str:
    """``phrase`` stating ``value`` at ``at`` in ``family``; ``prev`` is the value replaced."""
    return family_entry(FAMILIES, family)(phrase, value, at, prev)
