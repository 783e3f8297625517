"""The offline A/B, raw vs curated on a simulated fleet: ``experiment`` replays the fleet
into one store and scores both arms at every query, ``report`` renders and logs it to
MLflow, ``stats`` holds the paired tests and intervals (the online experiments use them
too). Names load lazily (``evaluation._lazy``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evaluation._lazy import lazy_exports, type_checking_exports

if TYPE_CHECKING:
    from evaluation.ab.experiment import ARMS, ABConfig, ABResult, embed_writes, run_ab
    from evaluation.ab.report import headline_table, log_ab
    from evaluation.ab.stats import (
        PairedComparison,
        compare_paired,
        exact_mcnemar,
        wilson_interval,
    )

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "ARMS",
    "ABConfig",
    "ABResult",
    "PairedComparison",
    "compare_paired",
    "embed_writes",
    "exact_mcnemar",
    "headline_table",
    "log_ab",
    "run_ab",
    "wilson_interval",
]
