"""Writing hold-out set E's facts in one of its wording families (``wordings.WORDINGS``)."""

from __future__ import annotations

import zlib
from datetime import datetime
from typing import Literal

from evaluation.holdout.model import Memory, Subject, UnknownFamilyError
from evaluation.holdout_e.domains import Slot, domain
from evaluation.holdout_e.histories import slot_of
from evaluation.holdout_e.wordings import WORDINGS

Mode = Literal["set", "change", "same", "add"]


def families() -> tuple[str, ...]:
    return tuple(WORDINGS)


def mode_of(value: str, previous: str | None) -> Mode:
    if previous is None:
        return "set"
    return "same" if previous == value else "change"


def templates(family: str, mode: Mode) -> tuple[str, ...]:
    if family not in WORDINGS:
        raise UnknownFamilyError(family, families())
    own = WORDINGS[family]
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
    parts = {"e": entity, "v": value, "n": slot.noun}
    do = slot.do.format(**parts)
    return options[variant % len(options)].format(
        **parts,
        p=previous or "",
        k=slot.key,
        hdr=home.header,
        tool=home.tool,
        say=slot.say.format(**parts),
        vfirst=slot.vfirst.format(**parts),
        do=do,
        Do=do[:1].upper() + do[1:],
        iso=f"{at:%Y-%m-%d}",
        ts=f"{at:%Y-%m-%dT%H:%MZ}",
        long=f"{at.day} {at:%B %Y}",
        short=f"{at:%b} {at.day}, {at.year}",
        dow=f"{at:%A}",
    )


def render(family: str, subject: Subject) -> list[Memory]:
    """Every fact of ``subject`` written in ``family``, each after the one before it."""
    templates(family, "set")
    slot = slot_of(subject)
    memories: list[Memory] = []
    previous: str | None = None
    for n, fact in enumerate(subject.facts):
        text = write(
            family,
            subject.domain,
            subject.entity,
            slot,
            fact.value,
            fact.valid_from,
            previous=previous,
            variant=variant_of(subject.id, n),
        )
        is_current = fact.value == subject.current_value
        memories.append(Memory(text, fact.valid_from, subject.id, fact.value, is_current, family))
        previous = fact.value
    return memories
