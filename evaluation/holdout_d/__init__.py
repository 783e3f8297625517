"""Hold-out set D: a fourth, independent benchmark set of changing facts (issue 28).

Written by the helper ``holdoutd``, who read only the shared record types
(``evaluation/holdout/model.py``), set C's public API (``evaluation/holdout_c/__init__.py``),
the store workload (``evaluation/benchmarks/holdout_store.py``), set C's integrity tests
and issue 28 — not the change detector, the planner, the claim modules, docs/evaluation.md,
nor the families, histories, pairs or phrasing of sets A, B and C — and wrote it before
seeing any score on it, so a score on D says how the detector does on domains and wordings
nobody tuned it on.

``holdout_histories()`` gives 72 subjects in nine domains (on-call escalation contacts,
feature-flag rollouts, contract seats, hospital wards, warehouse shipping cutoffs, webhook
endpoints, people's cars, city mayors, last failover drill dates), each domain's entities
sharing one slot, six of them changing two to five times and two never changing.
``render(family, subject)`` writes a subject's facts in one of ``families()`` (lower-case
chat, tool JSON, key=value logs and YAML, commit and ticket lines, bullet notes, value
first, relative time words beside a date, corrections and negations, questions and
answers), and ``holdout_pairs()`` gives labelled older/newer pairs: changes, restatements,
and negatives that must never be read as a change.

Its record types (``Subject``, ``Memory``, ``LabeledPair``, ``PAIR_KINDS``, …) are the
shared ones, exported by set A's front door, ``evaluation.holdout``.
"""

from evaluation.holdout_d.families import families, render
from evaluation.holdout_d.histories import holdout_histories
from evaluation.holdout_d.pairs import HOLDOUT_SEED, holdout_pairs

__all__ = ["HOLDOUT_SEED", "families", "holdout_histories", "holdout_pairs", "render"]
