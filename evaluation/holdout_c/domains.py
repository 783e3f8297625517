"""The nine domains of set C: what real agent stores hold, each with a changing slot and the
slots, relations and events around it that must never be read as that slot changing.

The domains themselves are a table in ``domains.json``; this module only types them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from evaluation.holdout_c.phrasing import Phrasebook
from evaluation.tables import read_table

COMPUTED = "*"  # a value worked out from the statement's date (deadlines), see histories.py
CURRENCY = "{c}"  # in a price: the currency of the product's own prices
DATA = Path(__file__).with_name("domains.json")


@dataclass(frozen=True)
class Entity:
    name: str
    values: tuple[str, ...]
    detail: str = ""


@dataclass(frozen=True)
class EventSeries:
    """An event that recurs (a yearly offsite, a weekly standup): each of two ``occasions``
    has its own value from ``values``, so a later occasion replaces nothing."""

    book: Phrasebook
    occasions: tuple[str, str]
    values: tuple[str, ...]


@dataclass(frozen=True)
class Domain:
    """One domain: its changing slot (``book``) with eight entities' histories, a second slot
    of the same entities (``side``), a multi-valued relation (``multi``), event series
    whose occasions each have their own value (``events``), and ``extra``: a value of the
    slot's own kind added beside the current one without replacing it (a second region)."""

    name: str
    slot: str
    attribute: str
    book: Phrasebook
    questions: tuple[str, ...]
    entities: tuple[Entity, ...]
    side: Phrasebook
    side_values: tuple[str, ...]
    multi: Phrasebook
    multi_values: tuple[str, ...]
    events: tuple[EventSeries, ...]
    extra: Phrasebook
    extra_values: tuple[str, ...]


DOMAINS: tuple[Domain, ...] = read_table(DATA, "domains", tuple[Domain, ...])
