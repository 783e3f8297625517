"""Public agent-memory benchmarks (LoCoMo, LongMemEval oracle, TimeQA) and the hold-out
sets as workloads, each an adapter of one protocol.

``protocol`` says what a benchmark is (``Benchmark``, ``BenchmarkResult``,
``RunOptions``); ``adapters/`` holds one per dataset, ``registry`` lists them (the Dagster
assets, ``memgov eval`` and the dashboard iterate it) and ``run.run_benchmark`` drives one:
load, run the arms, log to MLflow once (``mlflow_edge``). The adapters read the upstream
data from a path the caller gives; nothing is copied into the repository. ``locomo``,
``longmemeval`` and ``timeqa`` parse (surviving the known data faults and counting them);
``timeqa_run`` runs changing facts (TimeQA and the hold-out sets); ``plumbing`` is the
store side, ``scoring`` the pure per-question scoring and aggregation, ``evidence`` what
curation did to the gold evidence, ``report`` and ``commands`` the text and CLI pieces;
``pairs`` builds labeled statement pairs and measures the conflict detector;
``embed_cache`` keeps embeddings between runs; ``cli`` registers ``memgov eval <name>``
for every benchmark and ``conflict-pairs``.
"""

from evaluation.benchmarks.locomo import load_locomo
from evaluation.benchmarks.longmemeval import load_longmemeval

__all__ = ["load_locomo", "load_longmemeval"]
