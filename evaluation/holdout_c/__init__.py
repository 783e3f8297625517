"""Hold-out set C: a third, independent wording set of changing facts.

Written by a helper who did not read the change detector, its tuning, or sets A and B's
families, histories and pairs (only the shared record types and set B's public API), so a
score on C says how the detector does on wordings nobody tuned it on.

``holdout_histories()`` gives changing facts in nine domains (personal facts, customer
accounts, infrastructure, football transfers, medication doses, prices, project deadlines,
dependency versions, team rituals), ``render(family, subject)`` writes them in one of
``families()``, and ``holdout_pairs()`` gives labelled older/newer pairs (changes,
restatements, and negatives that must never be read as a change).

Its record types (``Subject``, ``Memory``, ``LabeledPair``, ``PAIR_KINDS``, …) are the
shared ones, exported by set A's front door, ``evaluation.holdout``.
"""

from evaluation.holdout_c.families import families, render
from evaluation.holdout_c.histories import holdout_histories
from evaluation.holdout_c.pairs import HOLDOUT_SEED, holdout_pairs

__all__ = ["HOLDOUT_SEED", "families", "holdout_histories", "holdout_pairs", "render"]
