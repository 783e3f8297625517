"""Set G's catalogue of real-world changing facts, read from ``catalogue.json``.

Each domain names its slots (a label for the memories, a key for tables and triples, the
words a question avoids when it asks around the slot, three question templates) and its
entities with each slot's values and the dates they took effect; ``many`` lists
multi-valued relations (a band's members) and ``events`` a yearly series' winners, the
negatives that must never read as a change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from evaluation.tables import read_table

CATALOGUE = Path(__file__).with_name("catalogue.json")


@dataclass(frozen=True)
class Slot:
    """How a single-valued slot is written (``label``, ``key``) and asked about."""

    label: str
    key: str
    words: tuple[str, ...]
    questions: tuple[str, ...]


@dataclass(frozen=True)
class Entity:
    """An entity and, per slot, its values with the ISO date each took effect; ``asked``
    gives a slot questions of its own in place of the slot's templates."""

    name: str
    slots: dict[str, tuple[tuple[str, str], ...]]
    asked: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Many:
    """A multi-valued relation: every value stays true when another is added."""

    entity: str
    label: str
    key: str
    values: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Event:
    """A recurring event's occasions: (occasion, winner, ISO date); a new winner of a
    later occasion replaces nothing."""

    entity: str
    label: str
    key: str
    occasions: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True)
class Domain:
    name: str
    slots: dict[str, Slot]
    entities: tuple[Entity, ...]
    many: tuple[Many, ...] = ()
    events: tuple[Event, ...] = ()


@cache
def domains() -> tuple[Domain, ...]:
    return read_table(CATALOGUE, "domains", tuple[Domain, ...])


def domain(name: str) -> Domain:
    return next(d for d in domains() if d.name == name)
