"""Writing hold-out set E's facts in one of its wording families (``wordings.WORDINGS``)."""

from __future__ import annotations

import zlib
from datetime import datetime
from typing import Literal

from evaluation.holdout.model import Memory, Subject, family_entry
from evaluation.holdout_e.domains import Slot, domain, possessive
from evaluation.holdout_e.histories import slot_of
from evaluation.holdout_e.wordings import PER_DOMAIN_FORMAT, WORDINGS

Mode = Literal["set", "change", "same", "add"]


def families() -> tuple[str, ...]:
    return tuple(WORDINGS)


def mode_of(value: str, previous: str | None) -> Mode:
    if previous is None:
        return "set"
    return "same" if previous == value else "change"


def templates(family: str, mode: Mode) -> tuple[str, ...]:
    own = family_entry(WORDINGS, family)
    return own.get(mode) or own["set"]


def variant_of(key: str, n: int) -> int:
    """A template index that moves along a subject's facts from a start its key picks."""
    return zlib.crc32(key.encode()) + n


def write(
    family: str,
    where: str,
    entity: str,
    slot: Slot,
    value: str,
    at: datetime,
    *,
    previous: str | None = None,
    variant: int = 0,
    mode: Mode | None = None,
) -> str:
    """The text of one statement: ``entity``'s ``slot`` is ``value`` from ``at`` (domain
    ``where``), worded after ``previous`` in ``family``."""
    mode = mode or mode_of(value, previous)
    options = templates(family, mode)
    home = domain(where)
    if family in PER_DOMAIN_FORMAT:
        variant = home.tool_format
    parts = {"e": entity, "es": possessive(entity), "v": value, "n": slot.noun}
    return options[variant % len(options)].format(
        **parts,
        p=previous or "",
        k=slot.key,
        hdr=home.header,
        tool=home.tool,
        say=slot.say.format(**parts),
        vfirst=slot.vfirst.format(**parts),
        do=slot.do.format(**parts),
        iso=f"{at:%Y-%m-%d}",
        ts=f"{at:%Y-%m-%dT%H:%MZ}",
        long=f"{at.day} {at:%B %Y}",
        short=f"{at:%b} {at.day}, {at.year}",
        dow=f"{at:%A}",
    )


def fact_memory(
    family: str,
    subject: Subject,
    n: int,
    *,
    variant: int | None = None,
    restated_at: datetime | None = None,
) -> Memory:
    """Fact ``n`` of ``subject`` written in ``family`` after the fact before it, or, given
    ``restated_at``, its value restated then (in the next template along)."""
    fact = subject.facts[n]
    at, previous, step = fact.valid_from, subject.facts[n - 1].value if n else None, 0
    if restated_at is not None:
        at, previous, step = restated_at, fact.value, 1
    text = write(
        family,
        subject.domain,
        subject.entity,
        slot_of(subject),
        fact.value,
        at,
        previous=previous,
        variant=variant_of(subject.id, n) + step if variant is None else variant,
    )
    return Memory(text, at, subject.id, fact.value, fact.value == subject.current_value, family)


def render(family: str, subject: Subject) -> list[Memory]:
    """Every fact of ``subject`` written in ``family``, each after the one before it."""
    templates(family, "set")
    return [fact_memory(family, subject, n) for n in range(len(subject.facts))]
