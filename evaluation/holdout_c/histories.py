"""The changing facts of set C: nine domains of eight subjects, two to five values each.

Dates come from a checksum of the subject, so the set is the same on every run and the
subjects of one domain change at different times. Deadlines are worked out from the day
they were set (a few weeks to months ahead), as a project's due date is.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime, timedelta
from functools import cache

from evaluation.holdout.model import Fact, Subject
from evaluation.holdout_c.domains import COMPUTED, DOMAINS, Domain, Entity
from evaluation.holdout_c.phrasing import checksum

_EPOCH = datetime(2019, 3, 1, 9, 0, tzinfo=UTC)


def subject_id(domain: Domain, entity: Entity) -> str:
    """``infra/billing-api``, ``football/mateo-ruiz-calderon``: plain ASCII, one slash."""
    ascii_name = unicodedata.normalize("NFKD", entity.name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower().replace("'", "")).strip("-")
    return f"{domain.name}/{slug}"


def _times(key: str, count: int) -> list[datetime]:
    start = _EPOCH + timedelta(days=checksum(key) % 480, hours=checksum(key + "h") % 9)
    times = [start]
    for n in range(1, count):
        gap = 110 + checksum(f"{key}/{n}") % 260
        times.append(times[-1] + timedelta(days=gap, minutes=checksum(f"{key}/{n}m") % 600))
    return times


def _values(entity: Entity, key: str, times: list[datetime]) -> list[str]:
    if entity.values[0] != COMPUTED:
        return list(entity.values)
    values: list[str] = []
    for n, at in enumerate(times):
        ahead = timedelta(days=40 + checksum(f"{key}/due{n}") % 150)
        values.append(f"{at + ahead:%b} {(at + ahead).day}, {(at + ahead).year}")
    return values


def _questions(domain: Domain, entity: Entity, key: str) -> tuple[str, ...]:
    first = checksum(key + "/q") % len(domain.questions)
    picked = [domain.questions[(first + step) % len(domain.questions)] for step in (0, 2, 3)]
    if entity.name.endswith("s"):  # "Northwind Logistics' plan", as in the memories
        picked = [q.replace("{e}'s", "{e}'") for q in picked]
    return tuple(q.format(e=entity.name, d=entity.detail) for q in picked)


def entity_of(subject: Subject) -> Entity:
    """The domain entity behind a subject (for its detail: the drug, the package)."""
    return _ENTITIES[subject.id]


def domain_of(subject: Subject) -> Domain:
    return _DOMAINS[subject.domain]


@cache
def holdout_histories() -> tuple[Subject, ...]:
    """Every subject of set C in a fixed order: domain by domain, entity by entity."""
    subjects: list[Subject] = []
    for domain in DOMAINS:
        for entity in domain.entities:
            key = subject_id(domain, entity)
            times = _times(key, len(entity.values))
            values = _values(entity, key, times)
            subjects.append(
                Subject(
                    id=key,
                    domain=domain.name,
                    entity=entity.name,
                    slot=domain.slot,
                    attribute=domain.attribute,
                    facts=tuple(Fact(v, t) for v, t in zip(values, times, strict=True)),
                    questions=_questions(domain, entity, key),
                )
            )
    return tuple(subjects)


_DOMAINS = {domain.name: domain for domain in DOMAINS}
_ENTITIES = {subject_id(d, e): e for d in DOMAINS for e in d.entities}
