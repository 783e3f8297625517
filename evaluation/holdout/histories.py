"""Hand-written changing facts in eight domains, none from sports or services-and-ports.

Every slot is single-valued: a later value replaces an earlier one. Several entities carry
more than one slot (a person's employer, city and role; a meeting's room, time and weekday)
and several values recur across subjects (two people joining the same bank, two repos on the
same Python), so cross-subject and other-slot negatives come from the same histories.
Values include dates, weekdays, amounts, version strings, plan names and lower-case words.
The slots and histories are a table in ``histories.json``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from evaluation.holdout.model import Fact, Subject
from evaluation.tables import read_table


@dataclass(frozen=True)
class SlotFrames:
    """How people phrase one slot. ``{e}`` is the entity, ``{v}`` the value.

    ``state`` says the value holds, ``passive`` says it in the passive voice, ``became``
    reports the value being taken on; ``questions`` ask for the value with no time.
    """

    key: str
    domain: str
    attribute: str
    state: str
    passive: str
    became: str
    questions: tuple[str, str]


DATA = Path(__file__).with_name("histories.json")
SLOTS: tuple[SlotFrames, ...] = read_table(DATA, "slots", tuple[SlotFrames, ...])
# slot key -> entity -> (value, date the value took effect), in time order
_HISTORIES = read_table(DATA, "histories", dict[str, dict[str, tuple[tuple[str, str], ...]]])

_GENERIC_QUESTIONS = ("What is {poss} now?", "What's the current {a} of {e}?")


def utc_day(iso_date: str) -> datetime:
    """Midnight UTC of an ISO date (the fixtures' validity times)."""
    return datetime.fromisoformat(iso_date).replace(tzinfo=UTC)


def possessive(entity: str, attribute: str) -> str:
    """An attribute of an entity: "Priya Raman's employer", "the security office hours' room"."""
    return f"{entity}' {attribute}" if entity.endswith("s") else f"{entity}'s {attribute}"


def slot_frames(slot: str) -> SlotFrames:
    """The phrasing of one slot (a KeyError names an unknown slot)."""
    return _SLOTS_BY_KEY[slot]


def holdout_histories() -> list[Subject]:
    """Every subject of the hold-out set, in a fixed order."""
    return list(_SUBJECTS)


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower().removeprefix("the ")).strip("-")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _subject(frames: SlotFrames, entity: str, rows: tuple[tuple[str, str], ...]) -> Subject:
    questions = [q.format(e=entity) for q in frames.questions]
    poss = possessive(entity, frames.attribute)
    questions += [q.format(e=entity, a=frames.attribute, poss=poss) for q in _GENERIC_QUESTIONS]
    return Subject(
        id=f"{frames.domain}/{_slug(entity)}/{frames.key}",
        domain=frames.domain,
        entity=entity,
        slot=frames.key,
        attribute=frames.attribute,
        facts=tuple(Fact(value, utc_day(day)) for value, day in rows),
        questions=tuple(_sentence(q) for q in questions),
    )


_SLOTS_BY_KEY = {frames.key: frames for frames in SLOTS}
_SUBJECTS = tuple(
    _subject(_SLOTS_BY_KEY[slot], entity, rows)
    for slot, by_entity in _HISTORIES.items()
    for entity, rows in by_entity.items()
)
