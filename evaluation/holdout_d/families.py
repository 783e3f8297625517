"""Set D's wording families and ``render``: a subject's facts written in one family.

A fact's template and habits are drawn from the subject, the fact's place and the family,
so a domain's subjects are written in several templates and each family's texts vary.
"""

from __future__ import annotations

from datetime import timedelta

from evaluation.holdout.model import Memory, Subject, family_entry
from evaluation.holdout_d.domains import DOMAINS
from evaluation.holdout_d.frames import Domain
from evaluation.holdout_d.histories import date_value
from evaluation.holdout_d.seed import rng
from evaluation.holdout_d.statement import Statement
from evaluation.holdout_d.writers import WRITERS

FAMILIES: tuple[str, ...] = tuple(WRITERS)
DOMAIN_OF: dict[str, Domain] = {domain.name: domain for domain in DOMAINS}


def families() -> tuple[str, ...]:
    """The wording families, in a fixed order."""
    return FAMILIES


def write(family: str, statement: Statement, variant: int) -> str:
    """``statement`` in ``family``; one ``variant`` is one template with one set of habits."""
    return family_entry(WRITERS, family)(statement, variant, rng("write", family, variant))


def memory(
    family: str, statement: Statement, variant: int, subject_id: str, *, is_current: bool
) -> Memory:
    """``statement`` written in ``family`` as a memory about ``subject_id``."""
    text = write(family, statement, variant)
    return Memory(text, statement.at, subject_id, statement.value, is_current, family)


def fact_statement(subject: Subject, index: int) -> Statement:
    """The ``index``-th fact of ``subject`` as a statement, following the fact before it
    and carrying the subject's other slot and one multi-valued fact for bullet notes."""
    domain = DOMAIN_OF[subject.domain]
    fact = subject.facts[index]
    draw = rng("extras", subject.id)
    other = (
        date_value(fact.valid_from + timedelta(days=91))
        if domain.date_values
        else draw.choice(domain.other.values)
    )
    extras = (
        (domain.other.label, other),
        (domain.multi.label, draw.choice(domain.multi.values)),
    )
    previous = subject.facts[index - 1].value if index else None
    return Statement(
        subject.entity,
        domain.entity_key,
        domain.main,
        fact.value,
        fact.valid_from,
        previous,
        "",
        extras,
    )


def fact_variant(family: str, subject: Subject, index: int) -> int:
    """The variant ``render`` writes a subject's ``index``-th fact in."""
    return rng("render", family, subject.id, index).randrange(1_000_000)


def is_current(subject: Subject, index: int) -> bool:
    """Nothing later replaces the fact: it states the value every later fact states."""
    return all(fact.value == subject.facts[index].value for fact in subject.facts[index:])


def render(family: str, subject: Subject) -> tuple[Memory, ...]:
    """Every fact of ``subject`` written in ``family``, in time order."""
    family_entry(WRITERS, family)  # an unknown family raises before anything is written
    return tuple(
        memory(
            family,
            fact_statement(subject, index),
            fact_variant(family, subject, index),
            subject.id,
            is_current=is_current(subject, index),
        )
        for index in range(len(subject.facts))
    )
