"""Set B's changing facts: eight domains, eight subjects each, two to four values each.

Every subject of a domain has the same single-valued slot (whose pager, which plan, which
pin...), so a store holding one domain must tell subjects apart by entity, not by slot.
Validity times are fixed UTC datetimes computed from each subject's place, never a clock.
The domains are a table in ``domains.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from evaluation.holdout.model import Fact, Subject
from evaluation.holdout_b.phrasing import Phrase, slug
from evaluation.tables import read_table


@dataclass(frozen=True)
class Domain:
    """One slot shared by all of a domain's subjects, with how people write and ask it."""

    name: str
    key: str
    label: str
    sentence: str
    value_first: str
    questions: tuple[str, str]
    start: datetime
    histories: tuple[tuple[str, tuple[str, ...]], ...]

    def phrase(self, entity: str) -> Phrase:
        return Phrase.filled(
            entity, self.key, self.label, self.sentence, self.value_first, "replace"
        )


DATA = Path(__file__).with_name("domains.json")
DOMAINS: tuple[Domain, ...] = read_table(DATA, "domains", tuple[Domain, ...])
DOMAIN_BY_NAME = {domain.name: domain for domain in DOMAINS}


def _valid_from(domain: Domain, place: int, step: int) -> datetime:
    """A fixed time for value ``step`` of the ``place``-th subject: spread out, no clock."""
    first = domain.start + timedelta(days=5 * place, minutes=13 * place)
    return first + sum(
        (timedelta(days=20 + 17 * ((place + n) % 4), hours=n) for n in range(step)),
        timedelta(),
    )


def _subject(domain: Domain, place: int) -> Subject:
    entity, values = domain.histories[place]
    return Subject(
        id=f"{domain.name}/{slug(entity)}",
        domain=domain.name,
        entity=entity,
        slot=domain.key,
        attribute=domain.label,
        facts=tuple(
            Fact(value, _valid_from(domain, place, step)) for step, value in enumerate(values)
        ),
        questions=tuple(q.format(e=entity) for q in domain.questions),
    )


def holdout_histories() -> tuple[Subject, ...]:
    """Every subject of every domain, domains in a fixed order, facts in time order."""
    return tuple(
        _subject(domain, place) for domain in DOMAINS for place in range(len(domain.histories))
    )
