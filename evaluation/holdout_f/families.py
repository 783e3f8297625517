"""Set F's wording families and its memories: a subject's facts, a relation's values and an
event's occasions, each written in one family at its own time."""

from __future__ import annotations

from datetime import datetime

from evaluation.holdout.model import Memory, Subject, family_entry
from evaluation.holdout_f.catalogue import domain
from evaluation.holdout_f.domains import Domain, Relation, Series
from evaluation.holdout_f.seed import slug, stable_index
from evaluation.holdout_f.wordings import WRITERS, Statement


def families() -> tuple[str, ...]:
    return tuple(WRITERS)


def _check(family: str) -> None:
    family_entry(WRITERS, family)


def fact_variant(subject: Subject, family: str, index: int) -> int:
    """The template variant of a subject's ``index``-th fact in ``family``."""
    return stable_index(subject.id, family) + index


def fact_memory(
    family: str,
    subject: Subject,
    index: int,
    *,
    previous: str | None,
    at: datetime,
    variant: int,
) -> Memory:
    """Fact ``index``'s value of ``subject`` said at ``at`` after ``previous``."""
    _check(family)
    spec = domain(subject.domain).slot(subject.slot)
    value = subject.facts[index].value
    phrases = spec.phrases
    statement = Statement(
        domain=domain(subject.domain),
        kind="fact",
        entity=subject.entity,
        key=spec.key,
        label=spec.label,
        attribute=spec.attribute,
        phrase=phrases[(variant // 5) % len(phrases)].format(e=subject.entity),
        value=value,
        previous=previous,
        at=at,
        variant=variant,
    )
    return Memory(
        text=WRITERS[family](statement),
        valid_from=at,
        subject_id=subject.id,
        value=value,
        is_current=value == subject.current_value,
        family=family,
    )


def render(family: str, subject: Subject) -> tuple[Memory, ...]:
    """``subject``'s facts in ``family``, one memory per fact, at each fact's time."""
    _check(family)
    previous = [None, *[fact.value for fact in subject.facts[:-1]]]
    return tuple(
        fact_memory(
            family,
            subject,
            n,
            previous=before,
            at=fact.valid_from,
            variant=fact_variant(subject, family, n),
        )
        for n, (fact, before) in enumerate(zip(subject.facts, previous, strict=True))
    )


def relation_id(d: Domain) -> str:
    return f"multi/{d.name}/{slug(d.multi.entity)}/{d.multi.key}"


def event_id(d: Domain) -> str:
    return f"event/{d.name}/{slug(d.event.entity)}/{d.event.key}"


def relation_memory(family: str, d: Domain, index: int, at: datetime, variant: int) -> Memory:
    """Value ``index`` of domain ``d``'s multi-valued relation, said at ``at``."""
    relation, value = d.multi, d.multi.values[index]
    clause = relation.clause.format(e=relation.entity, v=value)
    label = relation.key.replace("_", " ")
    return _series_memory(family, d, relation, label, value, clause, at, variant)


def event_memory(family: str, d: Domain, index: int, at: datetime, variant: int) -> Memory:
    """Occasion ``index`` of domain ``d``'s recurring event and its value, said at ``at``."""
    event, occasion = d.event, d.event.occasions[index]
    clause = event.clause.format(e=event.entity, o=occasion.name, v=occasion.value)
    return _series_memory(family, d, event, occasion.name, occasion.value, clause, at, variant)


def _series_memory(
    family: str,
    d: Domain,
    series: Series,
    label: str,
    value: str,
    clause: str,
    at: datetime,
    variant: int,
) -> Memory:
    """A statement of ``d``'s relation or event series: ``clause``, its value ``value``."""
    _check(family)
    statement = Statement(
        domain=d,
        kind="relation" if isinstance(series, Relation) else "event",
        entity=series.entity,
        key=series.key,
        label=label,
        attribute=label,
        phrase="",
        value=value,
        previous=None,
        at=at,
        variant=variant,
        clause=clause,
    )
    subject_id = relation_id(d) if isinstance(series, Relation) else event_id(d)
    return Memory(WRITERS[family](statement), at, subject_id, value, is_current=True, family=family)
