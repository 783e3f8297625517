"""Slot-template paraphrases: one lesson, said many ways (source 000's "one belief,
logged forty times").

A restatement is ``structure(opener, connective, condition, action, reason)``: a dozen
openers ("Lesson learned: ", "Heads up: ", none), five connectives ("when", "if",
"whenever", ...), several sentence structures that reorder the parts (condition first,
action first, "the fix is to ...", "what worked ...: ..."), the lesson's own synonyms for
the condition and the action, and an optional reason clause. Variants are drawn with a
falling weight (the first variant is the habitual phrasing), so a fleet produces both
near-identical echoes (what duplicate merging folds) and loose paraphrases (what only
compression into a principle gathers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from evaluation.simulator.packs.base import LessonSpec

OPENERS = (
    "",
    "Lesson learned: ",
    "Note to self: ",
    "Tip: ",
    "Remember: ",
    "From experience, ",
    "Heads up: ",
    "Rule of thumb: ",
    "Again: ",
    "Worth repeating: ",
    "Reminder: ",
    "Takeaway from this run: ",
    "Pattern we keep seeing: ",
)
OPENER_WEIGHTS = (6.0,) + (1.0,) * (len(OPENERS) - 1)
CONNECTIVES = ("when", "if", "whenever", "any time", "as soon as")
STRUCTURES = (
    "{opener}{when} {cond}, {act}{why}.",
    "{opener}{act} {when} {cond}{why}.",
    "{opener}{when} {cond}, the fix is to {act}{why}.",
    "{opener}{when} {cond}, it pays to {act}{why}.",
    "{opener}what worked {when} {cond}: {act}{why}.",
    "{opener}the right move {when} {cond} is to {act}{why}.",
    "{opener}{when} {cond}, the first step is to {act}{why}.",
)
STRUCTURE_WEIGHTS = (4.0, 2.0, 1.5, 1.0, 1.0, 1.0, 1.0)
REASON_PROBABILITY = 0.4


def _falling(n: int) -> list[float]:
    """Weights 1, 1/2, 1/3 ...: the habitual variant first."""
    return [1.0 / (k + 1) for k in range(n)]


def _pick(rng: random.Random, options: Sequence[str], weights: Sequence[float]) -> str:
    return rng.choices(options, weights=weights, k=1)[0]


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def restate(spec: LessonSpec, rng: random.Random) -> str:
    """One restatement of ``spec`` (entity placeholders still unfilled)."""
    structure = _pick(rng, STRUCTURES, STRUCTURE_WEIGHTS)
    why = ""
    if spec.reasons and rng.random() < REASON_PROBABILITY:
        why = ", " + _pick(rng, spec.reasons, _falling(len(spec.reasons)))
    text = structure.format(
        opener=_pick(rng, OPENERS, OPENER_WEIGHTS),
        when=_pick(rng, CONNECTIVES, _falling(len(CONNECTIVES))),
        cond=_pick(rng, spec.conditions, _falling(len(spec.conditions))),
        act=_pick(rng, spec.actions, _falling(len(spec.actions))),
        why=why,
    )
    return _capitalise(text)
