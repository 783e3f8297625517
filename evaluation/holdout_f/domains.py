"""The shape of set F's domains: slots with their wording, entities with their value
histories, near twins, one multi-valued relation and one recurring event per domain.

The data itself, and its look-up, is in ``catalogue.py``; this module only types it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    """A single-valued slot that every entity of a domain may carry.

    ``phrases`` are noun phrases naming the slot of an entity ``{e}`` in a sentence;
    ``label`` is the terse form a note or a commit title uses; ``questions`` ask for the
    current value the way a user would, without the memory's wording.
    """

    name: str
    attribute: str
    key: str
    label: str
    phrases: tuple[str, ...]
    questions: tuple[str, ...]


@dataclass(frozen=True)
class Series:
    """Statements of one entity that never replace each other; ``clause`` states one of
    them for entity ``{e}``."""

    entity: str
    key: str
    clause: str


@dataclass(frozen=True)
class Relation(Series):
    """A multi-valued relation: each value ``{v}`` adds to the others."""

    values: tuple[str, ...]


@dataclass(frozen=True)
class Occasion:
    name: str
    value: str


@dataclass(frozen=True)
class EventSeries(Series):
    """A recurring event: each occasion ``{o}`` has its own value ``{v}``, none replaces
    another."""

    occasions: tuple[Occasion, ...]


@dataclass(frozen=True)
class Domain:
    """One domain: where its facts come from (a tool, a config file, a channel, a meeting)
    and what it holds. ``entities`` maps an entity to its slots' values in time order (one
    value, or the same value twice, for a slot that never changes)."""

    name: str
    entity_key: str
    tool: str
    config: str
    channel: str
    meeting: str
    commit_scope: str
    slots: tuple[Slot, ...]
    entities: dict[str, dict[str, tuple[str, ...]]]
    twins: tuple[tuple[str, str], ...]
    multi: Relation
    event: EventSeries

    def slot(self, name: str) -> Slot:
        return next(slot for slot in self.slots if slot.name == name)
