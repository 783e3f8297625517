"""Hold-out set E's subjects: one per (entity, slot) of every domain, with validity times
drawn from the seed, so several slots of one entity change on schedules of their own."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from functools import cache

from evaluation.holdout.model import Fact, Subject
from evaluation.holdout_e.domains import Domain, Slot, domains, possessive, slug
from evaluation.holdout_e.seed import HOLDOUT_SEED

EPOCH = datetime(2021, 1, 4, tzinfo=UTC)  # a Monday
GENERIC_ASKS = (
    "What is the most recent {n} for {e}?",
    "What's the latest {n} on file for {e}?",
    "What was {es} {n} last changed to?",
    "Can you remind me what {es} {n} is right now?",
)


def rng_for(*parts: str) -> random.Random:
    """A generator seeded by the set's seed and ``parts`` (stable across processes)."""
    return random.Random("/".join((str(HOLDOUT_SEED), *parts)))


def times(count: int, gap_hours: tuple[float, float], *parts: str) -> list[datetime]:
    """``count`` increasing validity times, whole minutes, the first within 900 days."""
    rng = rng_for(*parts)
    start = EPOCH + timedelta(days=rng.randrange(900), minutes=rng.randrange(6 * 60, 15 * 60))
    moments = [start]
    while len(moments) < count:
        moments.append(moments[-1] + timedelta(minutes=round(rng.uniform(*gap_hours) * 60)))
    return moments


def subject_id(domain: str, entity: str, slot: str) -> str:
    return f"{domain}/{slug(entity)}/{slot}"


def _questions(slot: Slot, entity: str, n: int) -> tuple[str, ...]:
    generic = GENERIC_ASKS[n % len(GENERIC_ASKS)]
    names = {"e": entity, "es": possessive(entity), "n": slot.noun}
    return tuple(q.format(**names) for q in (*slot.ask, generic))


def _subjects(domain: Domain) -> list[Subject]:
    subjects: list[Subject] = []
    for entity, histories in domain.entities.items():
        for key, values in histories.items():
            sid = subject_id(domain.name, entity, key)
            slot = domain.slots[key]
            moments = times(len(values), domain.gap_hours, sid)
            subjects.append(
                Subject(
                    id=sid,
                    domain=domain.name,
                    entity=entity,
                    slot=key,
                    attribute=slot.noun,
                    facts=tuple(Fact(v, t) for v, t in zip(values, moments, strict=True)),
                    questions=_questions(slot, entity, len(subjects)),
                )
            )
    return subjects


@cache
def _histories() -> tuple[Subject, ...]:
    return tuple(s for d in domains() for s in _subjects(d))


def holdout_histories() -> list[Subject]:
    """Every subject of the set, domain by domain, in the data's order."""
    return list(_histories())


def slot_of(subject: Subject) -> Slot:
    return next(d.slots[subject.slot] for d in domains() if d.name == subject.domain)
