"""Hold-out set E's domains, read from ``domains.json``: slots, entities, value histories,
a multi-valued relation and a recurring event per domain.

The data lives in one JSON file so that a domain is a table, not code; this module only
types it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("domains.json")


@dataclass(frozen=True)
class Slot:
    """How a slot is spoken of: its noun, its key in tools and tables, a sentence stating a
    value with it last (``say``), one with it first (``vfirst``) and an imperative (``do``).
    ``{e}``, ``{es}`` and ``{v}`` stand for the entity, its possessive and the value."""

    noun: str
    key: str
    say: str
    vfirst: str
    do: str
    ask: tuple[str, ...] = ()


@dataclass(frozen=True)
class Relation:
    """A relation about one entity whose values add up (``multi``) or whose occasions recur
    (``event``: one (occasion, value) per occurrence, ``{occ}`` in the noun)."""

    entity: str
    slot: Slot
    values: tuple[tuple[str, str], ...]  # (occasion or "", value)


@dataclass(frozen=True)
class Domain:
    """One store's worth of entities sharing slots; ``gap_hours`` bounds the time between
    two values of a slot, ``twins`` pairs near-identical entities, ``tool_format`` says in
    which of the tool-result formats the domain's tool answers."""

    name: str
    header: str
    tool: str
    tool_format: int
    gap_hours: tuple[float, float]
    twins: tuple[tuple[str, str], ...]
    slots: dict[str, Slot]
    entities: dict[str, dict[str, tuple[str, ...]]]
    multi: Relation
    event: Relation


def possessive(entity: str) -> str:
    """``Sam Patel's``, but ``Pinecrest IT Services'``."""
    return f"{entity}'" if entity.endswith("s") else f"{entity}'s"


def slug(text: str) -> str:
    """An ASCII identifier piece: ``Moss & Vale Catering`` -> ``moss-vale-catering``."""
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-")


def _slot(raw: dict[str, object]) -> Slot:
    ask = raw.get("ask", [])
    assert isinstance(ask, list)
    fields = {name: str(raw[name]) for name in ("noun", "key", "say", "vfirst", "do")}
    return Slot(**fields, ask=tuple(str(q) for q in ask))


def _event(raw: dict[str, object]) -> Relation:
    """A recurring event: the generic sentences name the occasion through the noun."""
    occasions = raw["occasions"]
    assert isinstance(occasions, list)
    slot = Slot(
        noun=str(raw["noun"]),
        key=str(raw["key"]),
        say="{es} {n} was {v}",
        vfirst="{v} was the {n} of {e}",
        do="log {v} as {es} {n}",
    )
    return Relation(str(raw["entity"]), slot, tuple((str(o), str(v)) for o, v in occasions))


def _multi(raw: dict[str, object]) -> Relation:
    values = raw["values"]
    assert isinstance(values, list)
    return Relation(str(raw["entity"]), _slot(raw), tuple(("", str(v)) for v in values))


@cache
def domains() -> tuple[Domain, ...]:
    """Every domain of the set, in file order."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    return tuple(
        Domain(
            name=name,
            header=body["header"],
            tool=body["tool"],
            tool_format=int(body["tool_format"]),
            gap_hours=(float(body["gap_hours"][0]), float(body["gap_hours"][1])),
            twins=tuple((a, b) for a, b in body["twins"]),
            slots={key: _slot(slot) for key, slot in body["slots"].items()},
            entities={
                entity: {slot: tuple(values) for slot, values in histories.items()}
                for entity, histories in body["entities"].items()
            },
            multi=_multi(body["multi"]),
            event=_event(body["event"]),
        )
        for name, body in raw.items()
    )


def domain(name: str) -> Domain:
    return next(d for d in domains() if d.name == name)
