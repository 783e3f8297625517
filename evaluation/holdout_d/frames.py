"""What set D knows about a kind of statement and a domain, as plain data.

A ``Frame`` is one way of talking about one attribute (an escalation contact, a twin town,
a blood panel); a ``Domain`` ties a main single-valued frame to the frames its negatives
are built from. Templates use ``{e}`` (the entity), ``{v}`` (the value), ``{o}`` (an
event's occasion), ``{old}`` (the value a correction replaces) and ``{n}`` (a ticket
number).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Frame:
    """One attribute and the ways people state it.

    ``clauses`` put the entity first, ``value_first`` the value; ``chat``, ``commits`` and
    ``negations`` are optional (families fall back on the clauses). ``values`` is the pool
    the attribute's values are drawn from.
    """

    key: str
    label: str
    clauses: tuple[str, ...]
    value_first: tuple[str, ...]
    questions: tuple[str, ...]
    chat: tuple[str, ...] = ()
    commits: tuple[str, ...] = ()
    negations: tuple[str, ...] = ()
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Domain:
    """A domain: entities sharing one single-valued slot, and the frames of its negatives.

    ``main.values`` is the pool the main slot's values come from (``date_values``: the value
    is the fact's own date instead, and the other slot's and the addition's values are dates
    written from their statement's date); ``unique_values``: no two entities ever hold one value
    (a city's mayor); ``ordered``: values follow the pool's order (a rollout ramps up).
    ``spacing`` bounds the days between two successive facts.
    ``occasion`` writes an event's occasion from its date (``{d}`` day and month, ``{y}``
    year, ``{wd}`` weekday, ``{q}`` quarter).
    """

    name: str
    entity_key: str
    entities: tuple[str, ...]
    main: Frame
    asks: tuple[str, ...]
    start: datetime
    spacing: tuple[int, int]
    other: Frame
    multi: Frame
    addition: Frame
    event: Frame
    occasion: str
    unique_values: bool = False
    date_values: bool = False
    ordered: bool = False
