"""The curation mechanics, one module each: its decision rule, its phase of the nightly
plan, its write-time decision and its survivor rule. Pure: no store, no SQL, no
framework (import-linter keeps it so); the store applies what they decide
(``_store/write_hooks.py`` at write time, ``_store/apply.py`` for a plan).

- ``supersession``: key and inferred supersession, and the survivor rule (``settle_key``).
  Plan: ``plan_keys``, ``plan_inferred``, ``with_canonical``. Write: ``settle_key``,
  ``inferred_on_write``.
- ``pairs``: the one similar-pair scan that duplicates, changes and decay share (``scan``).
- ``duplicates``: near-duplicate merge and its canonical rule. Plan: ``plan_merges``.
- ``contradictions``: same-slot changes (``slot_change``); those left unsure are
  conflicts. Plan: ``plan_conflicts``. Write: ``change_on_write``,
  ``may_contest_on_write``.
- ``chains``: every archive points at an entry that stays active. Plan: ``follow_chains``
  (and ``retarget``, on a fold).
- ``decay``: stale narrow entries under the prune cap. Plan: ``plan_decay``.
- ``principles``: principle proposals, clusters about one thing. Plan: ``plan_proposals``.
- ``subsumption``: writes filed beneath a topic's principle. Write: ``on_topic_write``.

The plan runs the phases in this order: key supersession, the pair scan and duplicate
merge, inferred supersession (then canonicals and chains), decay, conflicts, proposals.
``work.PlanWork`` is the state the phases share. Every mechanic is judged by the one
change detector, ``curation._change``.
"""

from __future__ import annotations

from curation._plan import Mechanic
from curation._policy import CompressionMode, CurationPolicy, Mode


def writing(policy: CurationPolicy) -> set[Mechanic]:
    """The mechanics whose plan actions an apply writes under ``policy``: those set to
    apply, and compression when it proposes."""
    modes = {
        Mechanic.SUPERSESSION: policy.supersession,
        Mechanic.DUPLICATES: policy.duplicates,
        Mechanic.DECAY: policy.decay,
        Mechanic.CONTRADICTION: policy.contradiction,
    }
    active = {m for m, mode in modes.items() if mode == Mode.APPLY}
    if policy.compression == CompressionMode.PROPOSE:
        active.add(Mechanic.COMPRESSION)
    return active
