"""Set F's subjects: one per (entity, slot) of every domain, each fact at its own time.

An entity's slots change on their own schedules (each slot writes at its own hour, so two
slots never share a moment); questions are three of the slot's four, starting where the
entity's name points, so subjects of one slot are not all asked the same way.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache

from evaluation.holdout.model import Fact, Subject
from evaluation.holdout_f.catalogue import domains
from evaluation.holdout_f.domains import Domain, Slot
from evaluation.holdout_f.seed import rng, slug, stable_index

START = datetime(2023, 1, 9, tzinfo=UTC)
QUESTIONS_PER_SUBJECT = 3


def subject_id(domain: Domain, entity: str, slot: Slot) -> str:
    return f"{domain.name}/{slug(entity)}/{slot.name}"


def _facts(key: str, values: tuple[str, ...], slot_index: int) -> tuple[Fact, ...]:
    draw = rng("facts", key)
    at = START + timedelta(days=draw.randint(0, 150))
    facts = []
    for value in values:
        moment = at.replace(hour=8 + 2 * slot_index, minute=draw.randint(0, 59))
        facts.append(Fact(value, moment))
        at += timedelta(days=draw.randint(45, 150))
    return tuple(facts)


def _questions(slot: Slot, entity: str) -> tuple[str, ...]:
    first = stable_index("questions", entity, slot.name)
    templates = [
        slot.questions[(first + n) % len(slot.questions)] for n in range(len(slot.questions))
    ]
    return tuple(q.format(e=entity) for q in templates[:QUESTIONS_PER_SUBJECT])


@cache
def holdout_histories() -> tuple[Subject, ...]:
    """Every subject of the set, domain by domain, entity by entity."""
    subjects = []
    for domain in domains():
        for entity, history in domain.entities.items():
            for slot_index, slot in enumerate(domain.slots):
                if slot.name not in history:
                    continue
                key = subject_id(domain, entity, slot)
                subjects.append(
                    Subject(
                        id=key,
                        domain=domain.name,
                        entity=entity,
                        slot=slot.name,
                        attribute=slot.attribute,
                        facts=_facts(key, history[slot.name], slot_index),
                        questions=_questions(slot, entity),
                    )
                )
    return tuple(subjects)
