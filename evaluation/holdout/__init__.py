"""Hold-out wording set for change detection, written apart from the detector's tuning.

``holdout_histories()`` gives changing facts in eight domains, ``render(family, subject)``
writes them in one of ``families()``, and ``holdout_pairs()`` gives labelled older/newer
pairs (changes, restatements, and negatives that must never be read as a change).
"""

from evaluation.holdout.families import families, render
from evaluation.holdout.histories import holdout_histories
from evaluation.holdout.labeled_pairs import HOLDOUT_SEED, holdout_pairs
from evaluation.holdout.model import (
    PAIR_KINDS,
    PAIR_LABELS,
    Fact,
    LabeledPair,
    Memory,
    PairKind,
    PairLabel,
    Subject,
    UnknownFamilyError,
)

__all__ = [
    "HOLDOUT_SEED",
    "PAIR_KINDS",
    "PAIR_LABELS",
    "Fact",
    "LabeledPair",
    "Memory",
    "PairKind",
    "PairLabel",
    "Subject",
    "UnknownFamilyError",
    "families",
    "holdout_histories",
    "holdout_pairs",
    "render",
]
