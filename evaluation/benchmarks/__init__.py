"""Public agent-memory benchmarks (LoCoMo, LongMemEval oracle) as retrieval workloads.

The adapters read the upstream JSON from a path the caller gives; nothing is copied into
the repository. ``locomo`` and ``longmemeval`` parse (surviving the known data faults and
counting them); ``runner`` ingests into a ``MemoryStore``, recalls raw, curates, recalls
curated, and reports retrieval metrics per category / question type; ``cli`` holds the
``memgov eval locomo|longmemeval`` commands.
"""

from evaluation.benchmarks.locomo import load_locomo
from evaluation.benchmarks.longmemeval import load_longmemeval

__all__ = ["load_locomo", "load_longmemeval"]
