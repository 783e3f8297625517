"""Other things people write about set B's subjects, the raw material of its negatives.

For every subject: a second single-valued attribute (``other_slot``: payments-api's region
is not its on-call owner), a multi-valued relation whose statements add rather than
replace (``multi``: another dependency), a recurring event (``event``: another incident)
and a side note (``note``: Globex added seats). None of these replaces the subject's slot
value, and none replaces another statement of its own relation. They are read from the
``extras`` of ``domains.json``.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluation.holdout.model import Subject
from evaluation.holdout_b.histories import DATA
from evaluation.holdout_b.phrasing import Mode, Phrase, slug
from evaluation.tables import read_table


@dataclass(frozen=True)
class Extra:
    """One kind of extra statement for a domain; ``values(place)`` gives a subject's values."""

    key: str
    label: str
    sentence: str
    value_first: str
    mode: Mode
    pool: tuple[str, ...]

    def phrase(self, entity: str) -> Phrase:
        return Phrase.filled(
            entity, self.key, self.label, self.sentence, self.value_first, self.mode
        )

    def values(self, place: int, count: int) -> tuple[str, ...]:
        """``count`` distinct values for the ``place``-th subject, taken round the pool.

        An event series keeps the pool's order (invoice 10480 after 10231), never wrapping.
        """
        if self.mode == "event":
            start = place % (len(self.pool) - count + 1)
            return self.pool[start : start + count]
        return tuple(self.pool[(place * 2 + n) % len(self.pool)] for n in range(count))


@dataclass(frozen=True)
class DomainExtras:
    other_slot: Extra
    multi: Extra
    event: Extra
    note: Extra


EXTRAS: dict[str, DomainExtras] = read_table(DATA, "extras", dict[str, DomainExtras])


def extra_subject_id(subject: Subject, extra: Extra) -> str:
    """Where an extra statement belongs: its own slot, relation or event series."""
    prefix = {"replace": subject.domain, "add": "multi", "event": "event", "note": "note"}
    return f"{prefix[extra.mode]}/{slug(subject.entity)}/{extra.key}"
