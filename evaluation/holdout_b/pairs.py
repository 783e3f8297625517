"""Set B's labelled older/newer pairs: changes, restatements and must-not-replace negatives.

Every kind gets one pair per subject (64 each), and the wording family rotates with the
subject's place and its domain, so each kind covers every domain and every family equally.
``HOLDOUT_SEED`` only picks which of a subject's value changes a change pair uses.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from evaluation.holdout.model import LabeledPair, Memory, PairKind, Subject
from evaluation.holdout_b.extras import EXTRAS, Extra, extra_subject_id
from evaluation.holdout_b.families import families, render_fact
from evaluation.holdout_b.histories import holdout_histories
from evaluation.holdout_b.phrasing import write

HOLDOUT_SEED = 4_170_233


def _extra_memory(family: str, subject: Subject, extra: Extra, value: str, at: datetime) -> Memory:
    return Memory(
        text=write(family, extra.phrase(subject.entity), value, at, None),
        valid_from=at,
        subject_id=extra_subject_id(subject, extra),
        value=value,
        is_current=True,
        family=family,
    )


class _Builder:
    """The pairs of one subject, given its neighbour in the domain and its family rotation."""

    def __init__(
        self, subject: Subject, neighbour: Subject, place: int, turn: int, rng: random.Random
    ) -> None:
        self.subject = subject
        self.place = place
        self.neighbour = neighbour
        self.turn = turn
        self.rng = rng
        self.extras = EXTRAS[subject.domain]
        self.last = len(subject.facts) - 1

    def family(self, offset: int) -> str:
        names = families()
        return names[(self.turn + offset) % len(names)]

    def positive(self) -> LabeledPair:
        step = self.rng.randrange(self.last)
        family = self.family(0)
        older = render_fact(family, self.subject, step)
        newer = render_fact(family, self.subject, step + 1)
        return LabeledPair(older, newer, "change", "positive")

    def cross_family_positive(self) -> LabeledPair:
        step = self.rng.randrange(self.last)
        older = render_fact(self.family(1), self.subject, step)
        newer = render_fact(self.family(4), self.subject, step + 1)
        note = f"{older.family} -> {newer.family}"
        return LabeledPair(older, newer, "change", "cross_family_positive", note)

    def restatement(self) -> LabeledPair:
        older = render_fact(self.family(2), self.subject, self.last)
        family = self.family(2) if self.place % 2 == 0 else self.family(5)
        at = older.valid_from + timedelta(days=9, hours=3)
        newer = render_fact(family, self.subject, self.last, at=at, mentions_previous=False)
        note = "same family" if family == older.family else "other family"
        return LabeledPair(older, newer, "same_value", "restatement", note)

    def cross_subject(self) -> LabeledPair:
        family = self.family(3)
        older = render_fact(family, self.subject, 0)
        later = [
            step
            for step, fact in enumerate(self.neighbour.facts)
            if fact.valid_from > older.valid_from
        ]
        shared = [s for s in later if self.neighbour.facts[s].value == older.value]
        if shared or later:
            step = (shared or later)[0]
            newer = render_fact(family, self.neighbour, step)
        else:
            step = len(self.neighbour.facts) - 1
            at = older.valid_from + timedelta(days=2)
            newer = render_fact(family, self.neighbour, step, at=at)
        note = "same value" if newer.value == older.value else ""
        return LabeledPair(older, newer, "unrelated", "cross_subject", note)

    def other_slot(self) -> LabeledPair:
        return self._beside_current("other_slot", self.extras.other_slot, self.family(5), 4)

    def _two_of(self, kind: PairKind, extra: Extra, family: str, gap: int) -> LabeledPair:
        first, second = extra.values(self.place, 2)
        at = self.subject.facts[0].valid_from + timedelta(days=6)
        older = _extra_memory(family, self.subject, extra, first, at)
        newer = _extra_memory(family, self.subject, extra, second, at + timedelta(days=gap))
        return LabeledPair(older, newer, "unrelated", kind, extra.key)

    def multi_valued(self) -> LabeledPair:
        return self._two_of("multi_valued", self.extras.multi, self.family(6), 15)

    def recurring_event(self) -> LabeledPair:
        return self._two_of("recurring_event", self.extras.event, self.family(7), 30)

    def addition(self) -> LabeledPair:
        return self._beside_current("addition", self.extras.note, self.family(1), 5)

    def _beside_current(self, kind: PairKind, extra: Extra, family: str, gap: int) -> LabeledPair:
        """The current value, then ``extra``'s value for this subject ``gap`` days later."""
        older = render_fact(family, self.subject, self.last)
        (value,) = extra.values(self.place, 1)
        newer = _extra_memory(family, self.subject, extra, value, older.valid_from + timedelta(gap))
        return LabeledPair(older, newer, "unrelated", kind, extra.key)


_KINDS: tuple[tuple[PairKind, Callable[[_Builder], LabeledPair]], ...] = (
    ("positive", _Builder.positive),
    ("cross_family_positive", _Builder.cross_family_positive),
    ("restatement", _Builder.restatement),
    ("cross_subject", _Builder.cross_subject),
    ("other_slot", _Builder.other_slot),
    ("multi_valued", _Builder.multi_valued),
    ("recurring_event", _Builder.recurring_event),
    ("addition", _Builder.addition),
)


def holdout_pairs() -> tuple[LabeledPair, ...]:
    """Every labelled pair, grouped by kind, in a fixed order; the same on every call."""
    rng = random.Random(HOLDOUT_SEED)
    subjects = holdout_histories()
    by_domain: dict[str, list[Subject]] = {}
    for subject in subjects:
        by_domain.setdefault(subject.domain, []).append(subject)
    builders = []
    for domain_place, members in enumerate(by_domain.values()):
        for place, subject in enumerate(members):
            neighbour = members[(place + 1) % len(members)]
            builders.append(_Builder(subject, neighbour, place, domain_place + place, rng))
    return tuple(build(builder) for _, build in _KINDS for builder in builders)
