"""What every benchmark is: the ``Benchmark`` protocol, its typed result and the options
every run takes. The Dagster assets, ``memgov eval`` and the dashboard iterate the
registry (``registry.BENCHMARKS``) of objects of this shape; ``run.run_benchmark`` drives
one (load, run the arms, log to MLflow once)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypedDict

from curation import CurationPolicy, MemoryStore
from evaluation.benchmarks.mlflow_edge import Chart

Progress = Callable[[str], None]


class BenchmarkResult(TypedDict, total=False):
    """One run's figures. Every benchmark fills the common keys (``benchmark`` to
    ``rows``); the rest belong to one workload. ``arms`` maps each arm (raw, heuristic,
    curated, ...) to its nested metrics, the shape MLflow logging flattens."""

    benchmark: str
    dataset: str
    embedding_model: str
    k_values: list[int]
    questions: dict[str, Any]
    arms: dict[str, Any]
    curation: dict[str, Any]
    timings: dict[str, float]
    rows: list[dict[str, Any]]
    mlflow: dict[str, Any] | None
    parse: dict[str, Any]
    delta: dict[str, Any]
    by_evidence_state: dict[str, Any]
    # LoCoMo
    conversations: int
    tenants: dict[str, str]
    adversarial: dict[str, Any]
    per_conversation: dict[str, list[dict[str, Any]]]
    # LongMemEval
    tenant_prefix: str
    knowledge_update: dict[str, Any]
    # TimeQA and the hold-out sets
    wording: str
    keyed: bool
    keyed_facts: int
    as_of: dict[str, Any]
    as_of_given: dict[str, Any]


@dataclass(frozen=True)
class RunOptions:
    """What any caller may set on any benchmark's run (a benchmark's own settings, such as
    LoCoMo's conversation limit, are fields of its adapter)."""

    curate: bool = True
    embed_cache: Path | None = None
    progress: Progress | None = None
    policy: CurationPolicy | None = None


class Benchmark(Protocol):
    """A workload the store is measured on, raw vs curated. An adapter is a frozen
    dataclass of its settings (``dataclasses.replace`` makes a variant) with these
    members; ``registry.register`` adds it to what the assets, CLI and dashboard list."""

    @property
    def name(self) -> str:
        """The ``memgov eval`` command and ``result["benchmark"]``."""

    @property
    def title(self) -> str:
        """How people call it (progress bars, skip reasons)."""

    @property
    def experiment(self) -> str:
        """The MLflow experiment its comparison runs go to."""

    @property
    def data(self) -> str | None:
        """Its data under ``MEMGOV_BENCHMARKS_DIR`` for the weekly Dagster asset; None:
        no weekly asset."""

    @property
    def headline(self) -> str | None:
        """The arm runs' metric the dashboard trends; None: not trended."""

    @property
    def description(self) -> str:
        """One sentence for the Dagster asset."""

    def load(self, source: Path | str) -> Any:
        """The workload, parsed from ``source`` (a file or folder; a label when built in)."""

    def run(
        self, workload: Any, source: Path | str, store: MemoryStore, options: RunOptions
    ) -> BenchmarkResult:
        """Every arm on ``store``, scored (no MLflow: ``run_benchmark`` logs)."""

    def figures(self, result: BenchmarkResult) -> dict[str, float | None]:
        """The headline figures the Dagster asset shows in its metadata."""

    def chart(self, result: BenchmarkResult) -> Chart:
        """The MLflow figure: a metric and, per arm, its value per group."""

    def render(self, result: BenchmarkResult) -> str:
        """The plain-text report ``memgov eval`` prints."""

    def command(self) -> Callable[..., None]:
        """The Typer command ``memgov eval <name>`` (its options are the settings)."""
