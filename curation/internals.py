"""The internals the benchmark (``evaluation.perf``) and reliability harness
(``evaluation.reliability``) drive directly, to time or crash one phase of a curation pass
(and, for the bench's embedding rows, the ONNX embedder's session and load timings;
for ``memgov eval trust-gate``, the trust gate's detectors; for ``memgov eval
recall-order``, recall's ranking of a list of candidates).

Everything else outside ``curation`` imports from the front door (``curation.__all__``);
this module is the one documented exception, kept small on purpose.
"""

from curation import _onnx_minilm as onnx_minilm
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
from curation._ranking import rank_candidates
from curation._store.database import scope_to_tenant
from curation._store.recall import SearchIndex, candidate_order
from curation._store.recall import search as recall_search
from curation._store.runs import run_apply
from curation._store.services.run_service import PassObserver
from curation._store.transfer.bulk import copy_rows
from curation._store.transfer.bulk_load import MEMORY_TYPES as BULK_MEMORY_TYPES
from curation._store.transfer.bulk_load import attach as bulk_attach
from curation._store.transfer.bulk_load import begin as bulk_begin
from curation._store.transfer.bulk_load import copy_into as bulk_copy_into
from curation._store.transfer.bulk_load import worth_it as bulk_worth_it
from curation._store.writes import MEMORY_COLUMNS, ensure_tenant
from curation._trust import find_instructions, find_pii, find_secrets
from curation._validation import content_hash
from curation.mechanics.principles import propose_principles

__all__ = [
    "BULK_MEMORY_TYPES",
    "MEMORY_COLUMNS",
    "AutoPairSearch",
    "ClusteredPairSearch",
    "ExactBlockedSearch",
    "F32Array",
    "PairSearch",
    "Pairs",
    "PassObserver",
    "SearchIndex",
    "bulk_attach",
    "bulk_begin",
    "bulk_copy_into",
    "bulk_worth_it",
    "candidate_order",
    "content_hash",
    "copy_rows",
    "ensure_tenant",
    "find_instructions",
    "find_pii",
    "find_secrets",
    "onnx_minilm",
    "pair_recall_precision",
    "propose_principles",
    "rank_candidates",
    "recall_search",
    "run_apply",
    "scope_to_tenant",
    "similar_pairs",
]
