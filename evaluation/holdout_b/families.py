"""Set B's memories: a subject's facts written in one wording family."""

from __future__ import annotations

from datetime import datetime

from evaluation.holdout.model import Memory, Subject, family_entry
from evaluation.holdout_b.histories import DOMAIN_BY_NAME
from evaluation.holdout_b.phrasing import FAMILIES, families, write

__all__ = ["families", "render", "render_fact"]


def render_fact(
    family: str,
    subject: Subject,
    step: int,
    *,
    at: datetime | None = None,
    mentions_previous: bool = True,
) -> Memory:
    """Fact ``step`` of ``subject`` in ``family``, written at ``at`` (default: its validity).

    With ``mentions_previous`` a family that names the replaced value (``correction``)
    does so; a restatement passes False, since it replaces nothing.
    """
    fact = subject.facts[step]
    prev = subject.facts[step - 1].value if step > 0 and mentions_previous else None
    when = at or fact.valid_from
    phrase = DOMAIN_BY_NAME[subject.domain].phrase(subject.entity)
    return Memory(
        text=write(family, phrase, fact.value, when, prev),
        valid_from=when,
        subject_id=subject.id,
        value=fact.value,
        is_current=step == len(subject.facts) - 1,
        family=family,
    )


def render(family: str, subject: Subject) -> tuple[Memory, ...]:
    """Every fact of ``subject`` written in ``family``, in time order.

    Raises ``UnknownFamilyError`` naming ``family`` when it is not one of ``families()``.
    """
    family_entry(FAMILIES, family)
    return tuple(render_fact(family, subject, step) for step in range(len(subject.facts)))
