"""The offline A/B, raw vs curated on a simulated fleet: ``experiment`` replays the fleet
into one store and scores both arms at every query, ``report`` renders and logs it to
MLflow, ``stats`` holds the paired tests and intervals (the online experiments use them
too). Names load lazily (``evaluation._lazy``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evaluation._lazy import lazy_exports, type_checking_exports

if TYPE_CHECKING:
    from evaluation.ab.experiment import ARMS as ARMS
    from evaluation.ab.experiment import ABConfig as ABConfig
    from evaluation.ab.experiment import ABResult as ABResult
    from evaluation.ab.experiment import embed_writes as embed_writes
    from evaluation.ab.experiment import run_ab as run_ab
    from evaluation.ab.report import headline_table as headline_table
    from evaluation.ab.report import log_ab as log_ab
    from evaluation.ab.report import write_rows as write_rows
    from evaluation.ab.stats import PairedComparison as PairedComparison
    from evaluation.ab.stats import compare_paired as compare_paired
    from evaluation.ab.stats import exact_mcnemar as exact_mcnemar
    from evaluation.ab.stats import wilson_interval as wilson_interval

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
__all__ = sorted(_EXPORTS)
