"""Set D's subjects: per domain six entities whose slot changes two to five times and two
whose value never changes (stated once, or restated later with the same value).

Entities of a domain share the slot, and some share a value: the second entity ends on the
first one's current value, the last (stable) one holds it too, so a statement about one
entity can look like a change of another's.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cache
from random import Random

from evaluation.holdout.model import Fact, Subject
from evaluation.holdout_d.domains import DOMAINS
from evaluation.holdout_d.frames import Domain
from evaluation.holdout_d.seed import rng, slug

CHANGING_LENGTHS = (2, 3, 4, 5, 2, 3)
STABLE_LENGTHS = (1, 2)


def date_value(at: datetime) -> str:
    """A date as a value is written ``March 4, 2025``."""
    return f"{at:%B} {at.day}, {at.year}"


@cache
def holdout_histories() -> tuple[Subject, ...]:
    """Every subject of every domain, in domain order."""
    return tuple(subject for domain in DOMAINS for subject in _domain_subjects(domain))


def _domain_subjects(domain: Domain) -> list[Subject]:
    draw = rng("histories", domain.name)
    unused = list(domain.main.values)
    draw.shuffle(unused)
    lengths = CHANGING_LENGTHS + STABLE_LENGTHS
    subjects: list[Subject] = []
    for index, (entity, length) in enumerate(zip(domain.entities, lengths, strict=True)):
        stable = index >= len(CHANGING_LENGTHS)
        times = _times(domain, length, draw)
        if domain.date_values:
            if index == 1 and times[-2] < subjects[0].facts[-1].valid_from:
                times[-1] = subjects[0].facts[-1].valid_from  # two systems drilled together
            values = [date_value(times[0 if stable else n]) for n in range(length)]
        elif domain.unique_values:
            count = 1 if stable else length
            values = [unused.pop() for _ in range(count)]
            values += values[-1:] * (length - count)
        else:
            values = draw.sample(domain.main.values, 1 if stable else length)
            if domain.ordered:
                values.sort(key=domain.main.values.index)
            shared = subjects[0].current_value if index in (1, len(lengths) - 1) else None
            if shared is not None and shared not in values[:-1]:
                values[-1] = shared
            values += values[-1:] * (length - len(values))
        facts = tuple(Fact(value, at) for value, at in zip(values, times, strict=True))
        subjects.append(
            Subject(
                id=f"{domain.name}/{slug(entity)}",
                domain=domain.name,
                entity=entity,
                slot=domain.main.key,
                attribute=domain.main.label,
                facts=facts,
                questions=tuple(ask.format(e=entity) for ask in domain.asks),
            )
        )
    return subjects


def _times(domain: Domain, length: int, draw: Random) -> list[datetime]:
    low, high = domain.spacing
    at = domain.start + timedelta(days=draw.randint(0, high), minutes=15 * draw.randint(0, 40))
    times = [at]
    for _ in range(length - 1):
        at += timedelta(days=draw.randint(low, high), minutes=15 * draw.randint(-8, 8))
        times.append(at)
    return times
