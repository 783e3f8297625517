"""A text read once into a ``Statement``: its content words in order, its validity note and
replaced values apart, whose it is, and the values it states (``_stated``).

Cached, because recall, the plan and the write hooks read the same texts many times."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from curation._change.notes import _former_apart, _month_day, _note_at, _period_end, _removed_apart
from curation._change.owners import _content, content_words
from curation._change.words import _ADDITION, _STATE_CUE, _TIME, _day
from curation._values import extract_values


@dataclass(frozen=True)
class Statement:
    """A text read for comparison: its content words in order, its validity note apart."""

    text: str
    words: tuple[str, ...]
    written: tuple[str, ...]  # ``words`` as written (for evidence a curator reads)
    phrases: tuple[int, ...]  # the phrase of each word: punctuation between words splits
    valid_from: datetime | None
    point_anchored: bool
    state_cued: bool
    addition: bool
    owners: frozenset[int] = frozenset()  # words written with a possessive "'s"
    former: tuple[str, ...] = ()  # the words of the values it says it replaced
    # words written before a line's key separator (a key, a question) and after it (the
    # value, the answer): "Steve Sidwell / team: Aston Villa"
    asked: frozenset[int] = frozenset()
    answered: frozenset[int] = frozenset()
    # words that open an owner after a noun's "of" ("the team of Guy Whittingham", "the
    # owner for payments")
    owned_by: frozenset[int] = frozenset()
    # a note's day written without its year ("confirmed Jan 08", "on May 15"): the year is
    # the writer's, so it is read against the moment the statement was written
    month_day: tuple[int, int] | None = None
    # the end of the period ``valid_from`` names ("2023": the year's end, "March 2023": the
    # month's), so a write time within it places the statement more precisely
    valid_until: datetime | None = None

    def held_from(self, written_at: datetime) -> datetime | None:
        """When the statement held by its own note: its dated note (the write time when
        that falls within the year or month the note names), else its year-less day at
        its latest on or before ``written_at``."""
        if self.valid_from is not None:
            within = (
                self.valid_until is not None and self.valid_from <= written_at < self.valid_until
            )
            return written_at if within else self.valid_from
        if self.month_day is None:
            return None
        month, day = self.month_day
        on = _day(written_at.year, month, day)
        return on if on <= written_at else _day(written_at.year - 1, month, day)


@lru_cache(maxsize=16384)
def read_statement(text: str) -> Statement:
    """``text`` read once (the plan compares one entry with each of its neighbours)."""
    text = unicodedata.normalize("NFKC", text)
    read = [(note, m) for m in _TIME.finditer(text) if (note := _note_at(text, m)) is not None]
    notes = [note for note, _ in read]
    year_less = [_month_day(m) for note, m in read if note.when is None and not note.says]
    dated = [(note.when, m) for note, m in read if note.when is not None]
    latest = max(dated, key=lambda pair: pair[0]) if dated else None
    kept, cursor = [], 0
    for note in sorted(notes, key=lambda n: n.start):
        if note.start >= cursor and not note.says:
            kept.append(text[cursor : note.start])
            cursor = note.end
    kept.append(text[cursor:])
    content, removed = _removed_apart(" ".join(kept))
    content, former = _former_apart(content)
    former = removed + former
    parsed = _content(content)
    return Statement(
        text=text,
        words=parsed.words,
        written=parsed.written,
        phrases=parsed.phrases,
        owners=parsed.owners,
        asked=parsed.asked,
        answered=parsed.answered,
        owned_by=parsed.owned_by,
        valid_from=latest[0] if latest else None,
        month_day=next((day for day in reversed(year_less) if day), None),
        valid_until=_period_end(latest[1], latest[0]) if latest else None,
        point_anchored=bool(notes) and all(n.point for n in notes),
        state_cued=bool(_STATE_CUE.search(content)) or any(not n.point for n in notes),
        addition=bool(_ADDITION.search(content)),
        former=former,
    )


@dataclass(frozen=True)
class _Stated:
    """What a statement states as values, its validity note set apart (two restatements
    written years apart state the same ones), and the words those values are written in."""

    values: frozenset[tuple[str, str]]
    value_words: frozenset[str]
    kinds_of_word: Mapping[str, frozenset[str]]  # a value word -> the kinds of its values


@lru_cache(maxsize=16384)
def _stated(statement: Statement) -> _Stated:
    # an amount or a share read from the words run together counts only where the text
    # writes it: a list's index before a quoted item ("1  'the euro'") or a number after an
    # amount ("$23 USD)\n2.") is none
    text = _spaced(statement.text)
    found = {
        kind: {v: surface for v, surface in values.items() if _spaced(surface) in text}
        if kind in MEASURES
        else values
        for kind, values in extract_values(" ".join(statement.written)).values.items()
    }
    kinds: dict[str, set[str]] = {}
    for category, values in found.items():
        for surface in values.values():
            for word in content_words(surface):
                kinds.setdefault(word, set()).add(category)
    return _Stated(
        frozenset((category, value) for category, values in found.items() for value in values),
        frozenset(kinds),
        {word: frozenset(k) for word, k in kinds.items()},
    )


def _spaced(text: str) -> str:
    return " ".join(text.split()).casefold()


MEASURES = frozenset({"money", "percentage"})  # value kinds that tell slots apart
