"""One statement to be written: who it is about, in which frame, with which value and when.

Families write statements; a subject's facts, a pair's other slot, multi-valued relation,
addition or event are all statements, so every negative is written in the same families
as the facts it must not replace.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from evaluation.holdout_d.frames import Frame


@dataclass(frozen=True)
class Statement:
    """``previous``: the value this statement follows (a correction names it);
    ``occasion``: an event's occasion; ``extras``: other (label, value) facts of the same
    entity a bullet list may carry along."""

    entity: str
    entity_key: str
    frame: Frame
    value: str
    at: datetime
    previous: str | None = None
    occasion: str = ""
    extras: tuple[tuple[str, str], ...] = ()

    def fill(self, template: str, number: int = 0) -> str:
        """``template`` with this statement's entity, value, occasion and earlier value."""
        return template.format(
            e=self.entity, v=self.value, o=self.occasion, old=self.previous or "", n=number
        )

    def sentence(self, template: str, number: int = 0) -> str:
        """``fill`` with a capital first letter, unless the template opens on a name or value
        (``checkout_v2``, ``the step-down unit`` stay as written)."""
        text = self.fill(template, number)
        return text if template.startswith("{") else text[:1].upper() + text[1:]
