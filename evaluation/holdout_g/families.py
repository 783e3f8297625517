"""Set G's wording families (``wordings.json``): each writes one statement (an entity's
slot, value and date) in its own shape, the template chosen by a variant index so that
neighbouring statements and subjects are worded differently."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache

from evaluation.holdout.model import Memory, Subject, family_entry
from evaluation.holdout_g.catalogue import G, Source, domain
from evaluation.tables import read_table


@dataclass(frozen=True)
class Wording:
    """A family's templates: ``one`` for a single-valued slot, ``change`` (when given) for
    a value that replaces an earlier one ``{p}``, ``many`` for a multi-valued relation."""

    one: tuple[str, ...]
    many: tuple[str, ...]
    change: tuple[str, ...] = ()


@dataclass(frozen=True)
class Statement:
    """What a memory says: ``entity``'s ``label`` (table ``key``) is ``value`` from
    ``when``; ``previous`` the value it replaces, ``many`` for one of several values."""

    entity: str
    label: str
    key: str
    value: str
    when: datetime
    previous: str = ""
    many: bool = False


@cache
def _wordings(source: Source) -> dict[str, Wording]:
    return read_table(source.wordings, "families", dict[str, Wording])


def families(source: Source = G) -> tuple[str, ...]:
    return tuple(_wordings(source))


def write(family: str, statement: Statement, variant: int, source: Source = G) -> str:
    """``statement`` in ``family``'s wording number ``variant`` (modulo their count)."""
    wording = family_entry(_wordings(source), family)
    if statement.many:
        templates = wording.many
    elif statement.previous and wording.change:
        templates = wording.change
    else:
        templates = wording.one
    when = statement.when
    fields: dict[str, object] = {"e": statement.entity, "l": statement.label}
    fields["k"] = statement.key
    fields |= {"v": statement.value, "p": statement.previous, "y": when.year}
    fields |= {"m": f"{when:%B}", "d": f"{when:%Y-%m-%d}"}
    return templates[variant % len(templates)].format(**fields)


def fact_memory(
    family: str, subject: Subject, index: int, variant: int, at: datetime, source: Source = G
) -> Memory:
    """The subject's fact ``index`` written in ``family`` at ``at`` (its own validity time,
    or later for a restatement)."""
    fact = subject.facts[index]
    previous = subject.facts[index - 1].value if index else ""
    statement = Statement(
        subject.entity,
        subject.attribute,
        domain(subject.domain, source).slots[subject.slot].key,
        fact.value,
        at,
        previous if previous != fact.value else "",
    )
    return Memory(
        text=write(family, statement, variant, source),
        valid_from=at,
        subject_id=subject.id,
        value=fact.value,
        is_current=fact.value == subject.current_value,
        family=family,
    )


def render(family: str, subject: Subject, source: Source = G) -> list[Memory]:
    """Every fact of ``subject`` written in ``family``, in time order."""
    family_entry(_wordings(source), family)
    number = sum(map(ord, subject.id))
    return [
        fact_memory(family, subject, n, number + n, fact.valid_from, source)
        for n, fact in enumerate(subject.facts)
    ]
