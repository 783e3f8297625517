"""Principle proposals (compression, source 000): clusters of entries about one thing
proposed as one principle, never applied by the plan — a curator approves (with an
edited text, if need be) or unmerges. The clustering and the proposal's text are
``curation._principles`` and ``curation._principle_text``; the store keeps proposals on
apply (``_store/apply._store_proposals``) and undo withdraws them."""

from __future__ import annotations

import numpy as np

from curation._plan import Mechanic, ProposalCandidate
from curation._principles import Summarizer, propose_principles
from curation._snapshot import BoolArray
from curation.mechanics.work import PlanWork


def plan_proposals(work: PlanWork, summarizer: Summarizer | None) -> list[ProposalCandidate]:
    return propose_principles(
        work.snap, work.policy, eligible=_compressible(work), summarizer=summarizer
    )


def _compressible(work: PlanWork) -> BoolArray:
    """Entries a principle may be proposed over: of a compressible kind and not archived
    as stale. Echoes folded as duplicates still count — forty restatements of one lesson
    are the pattern a principle generalises, even when the merge keeps only one of them."""
    snap = work.snap
    folded = {a.memory_id for a in work.archives if a.mechanic == Mechanic.DUPLICATES}
    not_stale = ~work.archived | np.fromiter((i in folded for i in snap.ids), bool, len(snap))
    kinds_ok = np.fromiter(
        (kind in work.policy.compression_kinds for kind in snap.kinds), bool, len(snap)
    )
    return not_stale & kinds_ok
