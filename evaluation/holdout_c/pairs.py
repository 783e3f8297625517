"""Labelled older/newer pairs of set C: one pair per subject for every pair kind.

Positives are two successive facts of a subject (in one family, or in two). Restatements
say a subject's value again later in other words. Negatives must never be read as a change:
another subject in the same frame (sometimes with the very same value), another slot of the
same subject, a multi-valued relation, an event series whose occasions each have their own
value, and a value of the slot's own kind added beside the current one ("also ...").
The family of each pair rotates with the subject, so every family has the same share.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import cache

from evaluation.holdout.model import PAIR_KINDS, LabeledPair, Memory, PairKind, Subject
from evaluation.holdout_c.domains import CURRENCY
from evaluation.holdout_c.families import families, render, write
from evaluation.holdout_c.histories import domain_of, entity_of, holdout_histories
from evaluation.holdout_c.phrasing import Mode, Phrasebook, Statement, checksum

HOLDOUT_SEED = 20261204
_EVENTS_TOLD = datetime(2024, 1, 8, 10, 0, tzinfo=UTC)  # after every occasion of every series


def _roll(*parts: object) -> int:
    return checksum("|".join(map(str, (HOLDOUT_SEED, *parts))))


def _say(
    family: str,
    subject: Subject,
    book: Phrasebook,
    value: str,
    at: datetime,
    mode: Mode,
    *,
    subject_id: str,
    current: bool = True,
    occasion: str = "",
    salt: str = "",
) -> Memory:
    """A memory of one statement about ``subject``'s entity."""
    seed = f"{HOLDOUT_SEED}|{family}|{subject_id}|{value}|{at:%Y%m%d}|{mode}|{occasion}{salt}"
    statement = Statement(
        book=book,
        entity=subject.entity,
        value=value,
        at=at,
        mode=mode,
        seed=seed,
        detail=entity_of(subject).detail,
        occasion=occasion,
    )
    text = write(family, statement)
    return Memory(text, at, subject_id, value, current, family)


def _step(subject: Subject, salt: str) -> int:
    """An index k with a fact after it."""
    return _roll(subject.id, salt) % (len(subject.facts) - 1)


def _days(low: int, high: int, *parts: object) -> timedelta:
    return timedelta(days=low + _roll(*parts) % (high - low))


def _positive(subject: Subject, family: str, n: int) -> LabeledPair:
    k = _step(subject, "positive")
    memories = render(family, subject)
    return LabeledPair(memories[k], memories[k + 1], "change", "positive")


def _cross_family_positive(subject: Subject, family: str, n: int) -> LabeledPair:
    names = families()
    step = 1 + _roll(subject.id, "other family") % (len(names) - 1)
    other = names[(names.index(family) + step) % len(names)]
    k = _step(subject, "cross family")
    older, newer = render(family, subject)[k], render(other, subject)[k + 1]
    return LabeledPair(older, newer, "change", "cross_family_positive", f"then {other}")


def _restatement(subject: Subject, family: str, n: int) -> LabeledPair:
    """A fact said again a few days to weeks later (before the next change: facts are at
    least 110 days apart), in the same family half the time, in another otherwise."""
    names = families()
    k = _roll(subject.id, "restate") % len(subject.facts)
    older = render(family, subject)[k]
    until = subject.facts[k + 1].valid_from if k + 1 < len(subject.facts) else None
    room = (until - older.valid_from).days - 1 if until else 200
    at = older.valid_from + _days(3, min(room, 90), subject.id, "restated on")
    other = family if n % 2 == 0 else names[(names.index(family) + 4) % len(names)]
    for attempt in range(8):  # a restatement is new wording, never the same text again
        newer = _say(
            other,
            subject,
            domain_of(subject).book,
            older.value,
            at,
            "restate",
            subject_id=subject.id,
            current=older.is_current,
            salt=f"|{attempt}" if attempt else "",
        )
        if newer.text != older.text:
            break
    note = "same family" if other == family else f"then {other}"
    return LabeledPair(older, newer, "same_value", "restatement", note)


def _partner(subject: Subject) -> Subject:
    """The next subject of the same domain (the first after the last)."""
    same = [s for s in holdout_histories() if s.domain == subject.domain]
    return same[(same.index(subject) + 1) % len(same)]


def _cross_subject(subject: Subject, family: str, n: int) -> LabeledPair:
    """Another subject's value in the same frame, half the time one this subject has too."""
    partner = _partner(subject)
    own = [f.value for f in subject.facts]
    shared = [f.value for f in partner.facts if f.value in own]
    if shared and n % 2 == 0:
        value, note = shared[0], "same value"
        k = own.index(value)
    else:
        value = partner.facts[_roll(subject.id, "partner value") % len(partner.facts)].value
        note = "same frame"
        k = _roll(subject.id, "cross subject") % len(subject.facts)
    older = render(family, subject)[k]
    at = older.valid_from + _days(5, 90, subject.id, "partner at")
    mode: Mode = "update" if _roll(subject.id, "partner mode") % 2 else "state"
    book = domain_of(subject).book
    newer = _say(family, partner, book, value, at, mode, subject_id=partner.id)
    return LabeledPair(older, newer, "unrelated", "cross_subject", note)


def _other_slot(subject: Subject, family: str, n: int) -> LabeledPair:
    """The subject's changing slot and another slot of it, in either order."""
    domain = domain_of(subject)
    k = _roll(subject.id, "other slot") % len(subject.facts)
    fact_memory = render(family, subject)[k]
    value = domain.side_values[_roll(subject.id, "side value") % len(domain.side_values)]
    gap = _days(5, 60, subject.id, "side at")
    side_id = f"slot/{subject.id}/{domain.side.keys[0]}"
    if n % 2 == 0:
        at = fact_memory.valid_from + gap
        side = _say(family, subject, domain.side, value, at, "state", subject_id=side_id)
        return LabeledPair(fact_memory, side, "unrelated", "other_slot", "other slot after")
    at = fact_memory.valid_from - gap
    side = _say(family, subject, domain.side, value, at, "state", subject_id=side_id)
    return LabeledPair(side, fact_memory, "unrelated", "other_slot", "other slot before")


def _priced(values: tuple[str, ...], subject: Subject) -> tuple[str, ...]:
    """``values`` in the currency of ``subject``'s own prices (where they name one)."""
    return tuple(v.replace(CURRENCY, subject.current_value[:1]) for v in values)


def _two_of(values: tuple[str, ...], *parts: object) -> tuple[str, str]:
    first = _roll(*parts, "first") % len(values)
    second = (first + 1 + _roll(*parts, "second") % (len(values) - 1)) % len(values)
    return values[first], values[second]


def _multi_valued(subject: Subject, family: str, n: int) -> LabeledPair:
    """Two values of a multi-valued relation; the second said plainly or with "also"."""
    domain = domain_of(subject)
    first, second = _two_of(domain.multi_values, subject.id, "multi")
    at = subject.facts[0].valid_from + _days(3, 40, subject.id, "multi at")
    later = at + _days(20, 300, subject.id, "multi later")
    relation = f"multi/{subject.id}/{domain.multi.keys[0]}"
    older = _say(family, subject, domain.multi, first, at, "state", subject_id=relation)
    mode: Mode = "add" if n % 2 else "state"
    newer = _say(family, subject, domain.multi, second, later, mode, subject_id=relation)
    return LabeledPair(older, newer, "unrelated", "multi_valued", f"second value, {mode}")


def _recurring_event(subject: Subject, family: str, n: int) -> LabeledPair:
    """Two occasions of one event series (2022's offsite, 2023's), each with its value,
    both told after the second occasion (dated values in the occasions' order)."""
    domain = domain_of(subject)
    events = domain.events[n % len(domain.events)]
    values = _priced(events.values, subject)
    first, second = sorted(_two_of(values, subject.id, "event"), key=_as_date)
    at = _EVENTS_TOLD + _days(0, 40, subject.id, "event at")
    later = at + _days(90, 330, subject.id, "event later")
    series = f"event/{subject.id}/{events.book.keys[0]}"
    old_occasion, new_occasion = events.occasions
    older = _say(
        family, subject, events.book, first, at, "state", subject_id=series, occasion=old_occasion
    )
    newer = _say(
        family,
        subject,
        events.book,
        second,
        later,
        "state",
        subject_id=series,
        occasion=new_occasion,
    )
    note = f"{old_occasion} then {new_occasion}"
    return LabeledPair(older, newer, "unrelated", "recurring_event", note)


def _as_date(value: str) -> datetime:
    """A dated event value as a date (others sort as equal, keeping their order)."""
    try:
        return datetime.strptime(value, "%b %d, %Y").replace(tzinfo=UTC)
    except ValueError:
        return _EVENTS_TOLD


def _addition(subject: Subject, family: str, n: int) -> LabeledPair:
    """The subject's value, then a second value of the same kind added beside it."""
    domain = domain_of(subject)
    own = {f.value for f in subject.facts}
    extras = _priced(domain.extra_values, subject)
    choices = tuple(v for v in extras if v not in own) or tuple(
        v for v in extras if v != subject.current_value
    )
    value = choices[_roll(subject.id, "extra") % len(choices)]
    older = render(family, subject)[-1]
    at = older.valid_from + _days(10, 120, subject.id, "extra at")
    mode: Mode = "add" if n % 2 else "state"
    relation = f"multi/{subject.id}/{domain.extra.keys[0]}"
    newer = _say(family, subject, domain.extra, value, at, mode, subject_id=relation)
    return LabeledPair(older, newer, "unrelated", "addition", "added beside the current value")


_BUILDERS: dict[PairKind, Callable[[Subject, str, int], LabeledPair]] = {
    "cross_subject": _cross_subject,
    "other_slot": _other_slot,
    "multi_valued": _multi_valued,
    "recurring_event": _recurring_event,
    "addition": _addition,
    "restatement": _restatement,
    "positive": _positive,
    "cross_family_positive": _cross_family_positive,
}


@cache
def holdout_pairs() -> tuple[LabeledPair, ...]:
    """One pair per subject per kind (72 per kind), the family rotating with the subject."""
    names = families()
    pairs: list[LabeledPair] = []
    for offset, kind in enumerate(PAIR_KINDS):
        for n, subject in enumerate(holdout_histories()):
            family = names[(n + offset) % len(names)]
            pairs.append(_BUILDERS[kind](subject, family, n))
    return tuple(pairs)
