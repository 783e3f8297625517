"""The hold-out sets of changing facts as one benchmark parameterised by set and wording
family (``holdout_store``: a, b, c, ...): built in, run like TimeQA."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import typer

from curation import MemoryStore
from evaluation.benchmarks import commands
from evaluation.benchmarks.adapters.timeqa import ChangingFactsPages
from evaluation.benchmarks.holdout_store import UnknownHoldoutError, holdout_data, holdout_families
from evaluation.benchmarks.protocol import BenchmarkResult, RunOptions
from evaluation.benchmarks.timeqa import TimeQAData
from evaluation.benchmarks.timeqa_run import changing_facts

HOLDOUT_EXPERIMENT = "benchmark-holdout"


@dataclass(frozen=True)
class Holdout(ChangingFactsPages):
    """One hold-out set in one wording family: current value first, per arm."""

    set_name: str = "c"
    family: str = "changelog"
    k: int = 10
    keyed: bool = False  # each single-valued subject's facts under one supersession key

    name = "holdout"
    title = "hold-out"
    experiment = HOLDOUT_EXPERIMENT
    data = None  # built in: no weekly asset
    headline = None  # not trended on the dashboard
    description = "A hold-out set of changing facts, one wording family, raw vs curated."

    @property
    def source(self) -> str:
        """The label its results carry as their dataset."""
        return f"holdout-{self.set_name}"

    def load(self, source: Path | str) -> TimeQAData:
        return holdout_data(self.set_name, self.family)

    def run(
        self, workload: TimeQAData, source: Path | str, store: MemoryStore, options: RunOptions
    ) -> BenchmarkResult:
        prefix = f"holdout-{self.set_name}-{self.family}".replace("_", "-")
        return changing_facts(
            workload, source, store, options, self.k, prefix, self.family, keyed=self.keyed
        )

    def command(self) -> Callable[..., None]:
        return holdout_command


def holdout_command(
    set_name: str = typer.Option(
        "c", "--set", help="Hold-out set: a to z, aa, ab, ac (a and b were read while tuning)."
    ),
    family: str = typer.Option("all", "--family", help="A wording family of the set, or 'all'."),
    keys: bool = commands.KEYS_OPTION,
    k: int = typer.Option(10, "--k", "-k", help="Hits per recall."),
    no_curate: bool = commands.NO_CURATE,
    no_mlflow: bool = commands.NO_MLFLOW,
    as_json: bool = commands.JSON_OPTION,
    rows: bool = commands.ROWS_OPTION,
) -> None:
    """A hold-out set of changing facts on the store, one wording family at a time: is the
    current value first (raw, heuristic at 0.05 and 0.10, curated), and did curation
    archive anything on another subject's say-so?"""
    try:
        known = holdout_families(set_name)
        if family != "all" and family not in known:
            raise UnknownHoldoutError("family", family, known)
    except UnknownHoldoutError as error:
        commands.refuse(f"--{error}")
    commands.check_k(k)
    for name in known if family == "all" else [family]:
        benchmark = Holdout(set_name, name, k, keys)
        commands.run_and_print(
            benchmark,
            benchmark.source,
            no_curate=no_curate,
            no_mlflow=no_mlflow,
            as_json=as_json,
            rows=rows,
        )
