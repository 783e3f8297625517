"""Typed records of the hold-out set: histories, rendered memories, labelled pairs.

The hold-out set is written apart from the change detector's tuning, so these records carry
only what a memory writer knows (subject, value, validity), never a detector's features.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, TypeVar, get_args

PairLabel = Literal["change", "same_value", "unrelated"]
PairKind = Literal[
    "cross_subject",
    "other_slot",
    "multi_valued",
    "recurring_event",
    "addition",
    "restatement",
    "positive",
    "cross_family_positive",
]
PAIR_LABELS: tuple[PairLabel, ...] = get_args(PairLabel)
PAIR_KINDS: tuple[PairKind, ...] = get_args(PairKind)


class UnknownFamilyError(ValueError):
    """A wording family name that the hold-out set does not define."""

    def __init__(self, family: str, known: tuple[str, ...]) -> None:
        super().__init__(f"family={family!r} is not a hold-out wording family; known: {known}")
        self.family = family


W = TypeVar("W")


def family_writer(table: dict[str, W], name: str) -> Callable[[W], W]:
    """A decorator entering a writer in a set's ``table`` of wording families as ``name``;
    the table keeps the order the writers are defined in."""

    def enter(writer: W) -> W:
        table[name] = writer
        return writer

    return enter


def family_entry(table: Mapping[str, W], family: str) -> W:
    """``family``'s entry in a set's table of wording families (its writer, its templates);
    an unknown family raises ``UnknownFamilyError`` naming the table's families."""
    if family not in table:
        raise UnknownFamilyError(family, tuple(table))
    return table[family]


@dataclass(frozen=True)
class Fact:
    """One value of a single-valued slot, valid from ``valid_from`` until the next fact."""

    value: str
    valid_from: datetime


@dataclass(frozen=True)
class Subject:
    """One entity's single-valued slot (Priya Raman's employer) and its values over time.

    ``facts`` are in time order; the last is the current value. ``questions`` ask for the
    current value without naming a time.
    """

    id: str
    domain: str
    entity: str
    slot: str
    attribute: str
    facts: tuple[Fact, ...]
    questions: tuple[str, ...]

    @property
    def current_value(self) -> str:
        return self.facts[-1].value

    @property
    def stale_values(self) -> tuple[str, ...]:
        return tuple(fact.value for fact in self.facts[:-1])


@dataclass(frozen=True)
class Memory:
    """A memory as written: its text, validity time, what it is about and the value it states.

    ``subject_id`` names a single-valued subject (``Subject.id``) or, for a multi-valued
    relation or an event series, that relation (``multi/...``, ``event/...``).
    ``is_current`` is true when nothing later in the set replaces it: the latest fact of a
    single-valued subject, and every statement of a multi-valued relation or event series.
    The text may mention an earlier value too (family ``from_to``): judge a memory by
    ``value``, not by searching its text.
    """

    text: str
    valid_from: datetime
    subject_id: str
    value: str
    is_current: bool
    family: str


@dataclass(frozen=True)
class LabeledPair:
    """An older and a newer memory and whether the newer changes the older's value.

    ``label``: ``change`` (same subject and slot, new value: the newer replaces the older),
    ``same_value`` (same subject and slot restated, nothing replaced), ``unrelated`` (the
    newer must not replace the older). ``kind`` says how the pair was built; ``note`` adds
    the variant (e.g. ``same value`` for two subjects sharing a value).
    """

    older: Memory
    newer: Memory
    label: PairLabel
    kind: PairKind
    note: str = ""
