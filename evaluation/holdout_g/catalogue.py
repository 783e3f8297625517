"""Set G's catalogue of real-world changing facts, read from ``catalogue.json``.

Each domain names its slots (a label for the memories, a key for tables and triples, the
words a question avoids when it asks around the slot, three question templates) and its
entities with each slot's values and the dates they took effect; ``many`` lists
multi-valued relations (a band's members) and ``events`` a yearly series' winners, the
negatives that must never read as a change. Another set written in G's shape (set H) reads
its own files through the same code by passing its ``Source``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from evaluation.tables import read_table


@dataclass(frozen=True)
class Source:
    """Where a set in G's shape keeps its data (``catalogue.json`` and ``wordings.json`` in
    ``folder``) and the seed its pairs are drawn with."""

    folder: Path
    seed: int

    @property
    def catalogue(self) -> Path:
        return self.folder / "catalogue.json"

    @property
    def wordings(self) -> Path:
        return self.folder / "wordings.json"


G = Source(Path(__file__).parent, 7207)


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
def domains(source: Source = G) -> tuple[Domain, ...]:
    return read_table(source.catalogue, "domains", tuple[Domain, ...])


def domain(name: str, source: Source = G) -> Domain:
    return next(d for d in domains(source) if d.name == name)
