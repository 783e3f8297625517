"""Set G's subjects: one per (entity, slot) of the catalogue, its values dated in UTC and
its questions asking for the current value."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime
from functools import cache

from evaluation.holdout.model import Fact, Subject
from evaluation.holdout_g.catalogue import G, Source, domains


def on(day: str) -> datetime:
    """An ISO date as midnight UTC."""
    return datetime.fromisoformat(day).replace(tzinfo=UTC)


def slug(name: str) -> str:
    """An ASCII id part for a name ("AC/DC" -> "ac-dc", "Jürgen" -> "jurgen")."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


@cache
def holdout_histories(source: Source = G) -> tuple[Subject, ...]:
    subjects = []
    for d in domains(source):
        for entity in d.entities:
            for slot_name, values in entity.slots.items():
                slot = d.slots[slot_name]
                subjects.append(
                    Subject(
                        id=f"{d.name}/{slug(entity.name)}/{slot_name}",
                        domain=d.name,
                        entity=entity.name,
                        slot=slot_name,
                        attribute=slot.label,
                        facts=tuple(Fact(value, on(day)) for value, day in values),
                        questions=entity.asked.get(
                            slot_name, tuple(q.format(e=entity.name) for q in slot.questions)
                        ),
                    )
                )
    return tuple(subjects)
