"""Hold-out set B: a second, independent wording set of changing facts.

Written by a helper who did not read the change detector, its tuning, or set A's families,
histories and pairs (only set A's public API and record types, which both sets share), so
that a score on B says how the detector does on wordings nobody tuned it on.

``holdout_histories()`` gives changing facts in eight domains, ``render(family, subject)``
writes them in one of ``families()``, and ``holdout_pairs()`` gives labelled older/newer
pairs (changes, restatements, and negatives that must never be read as a change).

Its record types (``Subject``, ``Memory``, ``LabeledPair``, ``PAIR_KINDS``, …) are the
shared ones, exported by set A's front door, ``evaluation.holdout``.
"""

from evaluation.holdout_b.families import families, render
from evaluation.holdout_b.histories import holdout_histories
from evaluation.holdout_b.pairs import HOLDOUT_SEED, holdout_pairs

__all__ = ["HOLDOUT_SEED", "families", "holdout_histories", "holdout_pairs", "render"]
