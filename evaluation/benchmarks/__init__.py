"""Public agent-memory benchmarks (LoCoMo, LongMemEval oracle, TimeQA) as workloads.

The adapters read the upstream data from a path the caller gives; nothing is copied into
the repository. ``locomo``, ``longmemeval`` and ``timeqa`` parse (surviving the known data
faults and counting them); ``runner`` (LoCoMo, LongMemEval) and ``timeqa_run`` ingest into
a ``MemoryStore``, recall raw and through the ``heuristic``, curate, recall curated;
``plumbing`` is their store side, ``scoring`` the pure per-question scoring and
aggregation, ``mlflow_edge`` the logging; ``pairs`` builds labeled statement pairs and
measures the conflict detector; ``embed_cache`` keeps embeddings between runs; ``cli``
holds ``memgov eval locomo|longmemeval|timeqa|conflict-pairs``.
"""

from evaluation.benchmarks.locomo import load_locomo
from evaluation.benchmarks.longmemeval import load_longmemeval

__all__ = ["load_locomo", "load_longmemeval"]
