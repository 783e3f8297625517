"""The internals the benchmark (``evaluation.perf``) and reliability harness
(``evaluation.reliability``) drive directly, to time or crash one phase of a curation pass.

Everything else outside ``curation`` imports from the front door (``curation.__all__``);
this module is the one documented exception, kept small on purpose.
"""

from curation._neighbors import (
    AutoPairSearch,
    ClusteredPairSearch,
    ExactBlockedSearch,
    F32Array,
    Pairs,
    PairSearch,
    pair_recall_precision,
    similar_pairs,
)
from curation._store.database import scope_to_tenant
from curation._store.recall import SearchIndex, candidate_order
from curation._store.recall import search as recall_search
from curation._store.runs import run_apply
from curation._store.services.run_service import PassObserver
from curation._store.writes import ensure_tenant
from curation._validation import content_hash

__all__ = [
    "AutoPairSearch",
    "ClusteredPairSearch",
    "ExactBlockedSearch",
    "F32Array",
    "PairSearch",
    "Pairs",
    "PassObserver",
    "SearchIndex",
    "candidate_order",
    "content_hash",
    "ensure_tenant",
    "pair_recall_precision",
    "recall_search",
    "run_apply",
    "scope_to_tenant",
    "similar_pairs",
]
