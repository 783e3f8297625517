"""Set D's labelled pairs: changes, restatements, and negatives that must never be read as
a change.

Per subject: every transition in one family (``positive``) and across two
(``cross_family_positive``); its value restated in another template and in another family
(``restatement``); another entity of the domain stating its own value of the slot, the same
value, or the very same template (``cross_subject``); another slot of the entity, often with
the same value or number (``other_slot``); a multi-valued relation growing
(``multi_valued``), a near-slot addition (``addition``) and an event that recurs
(``recurring_event``). Families rotate within each kind so every kind meets every family.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from functools import cache
from random import Random

from evaluation.holdout.model import LabeledPair, Memory, Subject
from evaluation.holdout_d.domains import DOMAINS
from evaluation.holdout_d.families import (
    FAMILIES,
    fact_statement,
    fact_variant,
    is_current,
    memory,
    write,
)
from evaluation.holdout_d.frames import Domain, Frame
from evaluation.holdout_d.histories import date_value, holdout_histories
from evaluation.holdout_d.seed import HOLDOUT_SEED, rng
from evaluation.holdout_d.statement import Statement

__all__ = ["HOLDOUT_SEED", "holdout_pairs"]

_NUMBER = re.compile(r"^\d+")


class _Rotation:
    """The next family for each pair kind, so each kind goes round every family."""

    def __init__(self) -> None:
        self._count: Counter[str] = Counter()

    def next(self, kind: str) -> tuple[str, str]:
        """An older family and another newer family, rotating both."""
        count = self._count[kind]
        self._count[kind] += 1
        older = FAMILIES[count % len(FAMILIES)]
        shift = 1 + (count // len(FAMILIES)) % (len(FAMILIES) - 1)
        return older, FAMILIES[(count + shift) % len(FAMILIES)]


@cache
def holdout_pairs() -> tuple[LabeledPair, ...]:
    """Every labelled pair of set D, domain by domain."""
    rotation = _Rotation()
    subjects = holdout_histories()
    pairs: list[LabeledPair] = []
    for domain in DOMAINS:
        own = [s for s in subjects if s.domain == domain.name]
        pairs += _changes(own, rotation)
        pairs += _restatements(own, rotation)
        pairs += _cross_subject(own, rotation)
        for subject in own:
            pairs += _relations(domain, subject, rotation)
    return tuple(pairs)


def _fact(family: str, subject: Subject, index: int, variant: int | None = None) -> Memory:
    chosen = fact_variant(family, subject, index) if variant is None else variant
    statement = fact_statement(subject, index)
    return memory(family, statement, chosen, subject.id, is_current=is_current(subject, index))


def _transitions(subject: Subject) -> Iterator[int]:
    return (
        n
        for n in range(1, len(subject.facts))
        if subject.facts[n - 1].value != subject.facts[n].value
    )


def _changes(subjects: list[Subject], rotation: _Rotation) -> Iterator[LabeledPair]:
    for subject in subjects:
        for n in _transitions(subject):
            note = f"{subject.facts[n - 1].value} -> {subject.facts[n].value}"
            family, other = rotation.next("positive")
            older, newer = _fact(family, subject, n - 1), _fact(family, subject, n)
            yield LabeledPair(older, newer, "change", "positive", note)
            family, other = rotation.next("cross_family_positive")
            older, newer = _fact(family, subject, n - 1), _fact(other, subject, n)
            yield LabeledPair(older, newer, "change", "cross_family_positive", note)


def _restatements(subjects: list[Subject], rotation: _Rotation) -> Iterator[LabeledPair]:
    """Each subject's value said again before it changes: another template of the same
    family, and another family (a stable subject's own later restatement counts)."""
    for subject in subjects:
        draw = rng("restate", subject.id)
        index = draw.randrange(len(subject.facts))
        fact = subject.facts[index]
        later = [f.valid_from for f in subject.facts[index + 1 :] if f.value != fact.value]
        gap = (later[0] - fact.valid_from) if later else timedelta(days=40)
        for step, cross in ((1, False), (2, True)):
            family, other = rotation.next("restatement")
            older = _fact(family, subject, index)
            at = fact.valid_from + gap * (0.2 * step) + timedelta(minutes=draw.randint(1, 50))
            if step == 2 and index + 1 < len(subject.facts) and not later:
                at = subject.facts[index + 1].valid_from  # the stable subject's restatement
                newer = _fact(other, subject, index + 1)
            else:
                statement = _restated(fact_statement(subject, index), at)
                current = is_current(subject, index)
                chosen = other if cross else family
                newer = _distinct(chosen, statement, subject.id, older, draw, current=current)
            yield LabeledPair(older, newer, "same_value", "restatement", "paraphrase")


def _restated(statement: Statement, at: datetime) -> Statement:
    return Statement(
        statement.entity,
        statement.entity_key,
        statement.frame,
        statement.value,
        at,
        statement.value,
        "",
        statement.extras,
    )


def _distinct(
    family: str,
    statement: Statement,
    subject_id: str,
    older: Memory,
    draw: Random,
    *,
    current: bool,
) -> Memory:
    """``statement`` in ``family`` in a variant whose text differs from ``older``'s."""
    variant = draw.randrange(1_000_000)
    while write(family, statement, variant) == older.text:
        variant += 1
    return memory(family, statement, variant, subject_id, is_current=current)


def _cross_subject(subjects: list[Subject], rotation: _Rotation) -> Iterator[LabeledPair]:
    """Another entity's statement of the slot after this one's: its own value, the very
    same template, or the same value."""
    for position, subject in enumerate(subjects):
        draw = rng("cross", subject.id)
        neighbour = subjects[(position + 1 + draw.randrange(len(subjects) - 1)) % len(subjects)]
        twin = position % 2 == 1
        older_s, newer_s, i, k = _later_fact(subject, neighbour, draw, alike=twin)
        family, _ = rotation.next("cross_subject")
        variant = fact_variant(family, older_s, i) if twin else None
        older, newer = _fact(family, older_s, i), _fact(family, newer_s, k, variant)
        same = older.value == newer.value
        note = "same value" if same else "template twin" if twin else "same slot"
        yield LabeledPair(older, newer, "unrelated", "cross_subject", note)
    for older_s, i, newer_s, k in _shared_values(subjects):
        family, other = rotation.next("cross_subject")
        older, newer = _fact(family, older_s, i), _fact(other, newer_s, k)
        yield LabeledPair(older, newer, "unrelated", "cross_subject", "same value")


def _later_fact(
    first: Subject, second: Subject, draw: Random, *, alike: bool
) -> tuple[Subject, Subject, int, int]:
    """A fact of one subject and a later fact of the other, ``first`` older when it can be;
    ``alike``: the two facts follow alike (both first, both after a change), so one template
    writes them the same way."""
    for older, newer in ((first, second), (second, first)):
        options = [
            (i, k)
            for i, a in enumerate(older.facts)
            for k, b in enumerate(newer.facts)
            if b.valid_from > a.valid_from
            and (not alike or _follows(older, i) == _follows(newer, k))
        ]
        if options:
            i, k = draw.choice(options)
            return older, newer, i, k
    if alike:
        return _later_fact(first, second, draw, alike=False)
    raise AssertionError(f"{first.id} and {second.id} have no facts in order")


def _follows(subject: Subject, index: int) -> str:
    """What a fact follows: nothing, the same value, or another value."""
    if index == 0:
        return "nothing"
    same = subject.facts[index - 1].value == subject.facts[index].value
    return "same value" if same else "another value"


def _shared_values(subjects: list[Subject]) -> Iterator[tuple[Subject, int, Subject, int]]:
    """Up to four pairs of facts of two entities with one value, the second later."""
    found = [
        (a, i, b, k)
        for a in subjects
        for b in subjects
        if a.id != b.id
        for i, fa in enumerate(a.facts)
        for k, fb in enumerate(b.facts)
        if fa.value == fb.value and fb.valid_from > fa.valid_from
    ]
    rng("shared", subjects[0].domain).shuffle(found)
    seen: set[tuple[str, str]] = set()
    chosen = 0
    for a, i, b, k in found:
        if (a.id, b.id) in seen or chosen == 4:
            continue
        seen.add((a.id, b.id))
        chosen += 1
        yield a, i, b, k


def _relations(domain: Domain, subject: Subject, rotation: _Rotation) -> Iterator[LabeledPair]:
    draw = rng("relations", subject.id)
    last = len(subject.facts) - 1
    current, at = subject.facts[last], subject.facts[last].valid_from
    entity = subject.entity

    def said(
        family: str, frame: Frame, value: str, when: datetime, about: str, occasion: str = ""
    ) -> Memory:
        """A current memory of ``frame``'s ``value`` for the entity, in ``family``, filed under
        ``about``."""
        statement = Statement(entity, domain.entity_key, frame, value, when, None, occasion)
        return memory(family, statement, draw.randrange(10**6), about, is_current=True)

    def days(low: int, high: int) -> timedelta:
        return timedelta(days=draw.randint(low, high), minutes=draw.randint(5, 600))

    # another slot of the same entity, its value the current one's or its number if it can
    family, other = rotation.next("other_slot")
    newer_family = family if draw.random() < 0.5 else other
    side_at = at + days(1, 20)
    reverse = draw.random() < 0.35  # the other slot said first, the current value after
    if reverse:
        side_at = at - timedelta(hours=draw.randint(2, 30))
    if domain.date_values:
        value, note = date_value(side_at + days(40, 120)), "other slot, a date too"
    else:
        value, note = _other_value(domain, current.value, draw)
    fact_family, side_family = (newer_family, family) if reverse else (family, newer_family)
    fact = _fact(fact_family, subject, last)
    side_id = f"other/{subject.id}/{domain.other.key}"
    side = said(side_family, domain.other, value, side_at, side_id)
    older, newer = (side, fact) if reverse else (fact, side)
    yield LabeledPair(older, newer, "unrelated", "other_slot", note)

    # a multi-valued relation gains a second value
    family, other = rotation.next("multi_valued")
    first, second = draw.sample(domain.multi.values, 2)
    multi_id = f"multi/{subject.id}/{domain.multi.key}"
    t1 = subject.facts[0].valid_from + days(0, 10)
    t2 = t1 + days(2, 90)
    older = said(family, domain.multi, first, t1, multi_id)
    newer_family = family if draw.random() < 0.5 else other
    newer = said(newer_family, domain.multi, second, t2, multi_id)
    yield LabeledPair(older, newer, "unrelated", "multi_valued", f"{first} and {second}")

    # a near-slot addition after the current value
    family, other = rotation.next("addition")
    added_at = at + days(1, 30)
    added = (
        date_value(added_at)
        if domain.date_values
        else draw.choice([v for v in domain.addition.values if v != current.value])
    )
    addition_id = f"multi/{subject.id}/{domain.addition.key}"
    fact = _fact(family, subject, last)
    newer_family = family if draw.random() < 0.5 else other
    newer = said(newer_family, domain.addition, added, added_at, addition_id)
    yield LabeledPair(fact, newer, "unrelated", "addition", domain.addition.label)

    # an event that recurs, with another outcome each time
    family, other = rotation.next("recurring_event")
    event_id = f"event/{subject.id}/{domain.event.key}"
    first, second = draw.sample(domain.event.values, 2)
    t1 = subject.facts[0].valid_from + days(1, 30)
    t2 = t1 + days(6, 120)
    while _occasion(domain, t2) == _occasion(domain, t1):
        t2 += timedelta(days=90)
    o1, o2 = _occasion(domain, t1), _occasion(domain, t2)
    older = said(family, domain.event, first, t1, event_id, o1)
    newer_family = family if draw.random() < 0.5 else other
    newer = said(newer_family, domain.event, second, t2, event_id, o2)
    yield LabeledPair(older, newer, "unrelated", "recurring_event", f"{o1} then {o2}")


def _occasion(domain: Domain, at: datetime) -> str:
    return domain.occasion.format(
        d=f"{at.day} {at:%B}", y=at.year, wd=f"{at:%A}", q=(at.month - 1) // 3 + 1
    )


def _other_value(domain: Domain, current: str, draw: Random) -> tuple[str, str]:
    """Another slot's value: the current value itself if that slot takes it, else one with
    its number in another unit, else any."""
    if current in domain.other.values:
        return current, "same value, other slot"
    number = _NUMBER.match(current)
    if number:
        same_number = [v for v in domain.other.values if v.startswith(number.group() + " ")]
        if same_number:
            return same_number[0], "same number, other unit"
    return draw.choice(domain.other.values), "other slot"
