"""TimeQA's changing facts (without keys, or with them) as a benchmark: is the current
value first (raw, the heuristic at 0.05 and 0.10, curated), in one wording family of the
facts. The run
itself is ``timeqa_run.changing_facts`` (the hold-out sets share it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from curation import MemoryStore
from evaluation.benchmarks import commands
from evaluation.benchmarks.mlflow_edge import Chart
from evaluation.benchmarks.protocol import BenchmarkResult, RunOptions
from evaluation.benchmarks.report import arm_metric, cell, closing_line, format_table
from evaluation.benchmarks.timeqa import TimeQAData, load_timeqa
from evaluation.benchmarks.timeqa_run import TIMEQA_EXPERIMENT, changing_facts
from evaluation.benchmarks.wordings import family_names, reword

# the as-of figures of a result, each printed as a table with this title
AS_OF_TABLES = {
    "as_of": "asked at a past year (the value whose window holds it)",
    "as_of_given": "asked at a past year, the year passed as recall's as_of",
}


class ChangingFactsPages:
    """What a changing-facts benchmark (TimeQA, the hold-out sets) shows of its result: the
    current value first, per arm."""

    def figures(self, result: BenchmarkResult) -> dict[str, float | None]:
        return arm_metric(result, "overall", "current_first")

    def chart(self, result: BenchmarkResult) -> Chart:
        return changing_facts_chart(result)

    def render(self, result: BenchmarkResult) -> str:
        return render_timeqa(result)


@dataclass(frozen=True)
class TimeQA(ChangingFactsPages):
    """TimeQA changing facts: current value first, per arm, overall and per split."""

    k: int = 10
    relations: tuple[str, ...] | None = None
    tenant_prefix: str = "timeqa"
    wording: str = "benchmark"
    keyed: bool = False  # each single-valued subject's facts under one supersession key

    name = "timeqa"
    title = "TimeQA"
    experiment = TIMEQA_EXPERIMENT
    data = "timeqa"
    headline = "overall.current_first"
    description = (
        "TimeQA changing facts without keys: current value first, raw vs heuristic "
        "vs curated, logged to MLflow (benchmark-timeqa); skipped when absent."
    )

    def load(self, source: Path | str) -> TimeQAData:
        return reword(load_timeqa(source), self.wording)

    def run(
        self, workload: TimeQAData, source: Path | str, store: MemoryStore, options: RunOptions
    ) -> BenchmarkResult:
        return changing_facts(
            workload,
            source,
            store,
            options,
            self.k,
            self.tenant_prefix,
            self.wording,
            self.relations,
            keyed=self.keyed,
        )

    def command(self) -> Callable[..., None]:
        return timeqa_command


def changing_facts_chart(result: BenchmarkResult) -> Chart:
    """current_first per relation (TimeQA) or domain (a hold-out set), per arm."""
    arms = result["arms"]
    return "current_first", {arm: arms[arm]["by_relation"] for arm in arms}


def keys_note(result: Mapping[str, Any]) -> str:
    """How a run's facts were written: without keys, or how many under one."""
    if not result.get("keyed"):
        return "no keys"
    return f"keys given: {result.get('keyed_facts', 0)} of {result['parse']['facts']} facts keyed"


def render_timeqa(result: Mapping[str, Any]) -> str:
    k = result["k_values"][-1]
    metrics = [
        "current_first",
        "stale_first",
        "other_subject_first",
        "current_above_stale",
        "current_in_top5",
        f"current_in_top{k}",
    ]
    groups = {
        arm: {"overall": data["overall"]} | data.get("by_split", {})
        for arm, data in result["arms"].items()
    }
    parse = result["parse"]
    parts = [
        format_table(
            f"TimeQA changing facts ({keys_note(result)}, wording "
            f"{result.get('wording', 'benchmark')}): "
            f"{parse['facts']} facts, {parse['subjects']} "
            f"subjects, {parse['relations']} relations, {result['questions']['total']} "
            f"questions, embedder {result['embedding_model']}",
            groups,
            metrics,
        )
    ]
    for key, title in AS_OF_TABLES.items():
        if result.get(key):
            parts.append(
                format_table(
                    title,
                    {arm: {"as_of": values} for arm, values in result[key].items()},
                    ["right_first", "other_window_first", f"right_in_top{k}"],
                )
            )
    curation = result["curation"]
    if curation.get("ran"):
        parts.append(
            f"curation: archived {curation['archived']}/{curation['memories']} "
            f"{curation['archived_by_reason']}, open conflicts {curation['open_conflicts']}; "
            f"archived by another subject's memory "
            f"{curation.get('superseded_by_another_subject', 0)}; "
            f"held changes {curation.get('held_changes', 0)} "
            f"({curation.get('held_changes_across_subjects', 0)} across subjects); "
            f"multi-valued (pointwise) memories still active "
            f"{cell(curation['pointwise_still_active'])} of {curation['pointwise_memories']}"
        )
    parts.append(closing_line(result))
    return "\n".join(parts)


def timeqa_command(
    path: Path = typer.Argument(..., help="The timeqa directory (relations.json + splits)."),
    k: int = typer.Option(10, "--k", "-k", help="Hits per recall."),
    relation: list[str] | None = typer.Option(
        None, "--relation", help="Only these Wikidata relations, e.g. P54 (repeatable)."
    ),
    tenant_prefix: str = typer.Option("timeqa", help="Tenants are <prefix>-<relation>."),
    wording: str = typer.Option(
        "benchmark", "--wording", help="A wording family of the facts, or 'all' (one run each)."
    ),
    keys: bool = commands.KEYS_OPTION,
    no_curate: bool = commands.NO_CURATE,
    no_mlflow: bool = commands.NO_MLFLOW,
    as_json: bool = commands.JSON_OPTION,
    rows: bool = commands.ROWS_OPTION,
) -> None:
    """TimeQA changing facts without keys (or, with ``--keys``, with them): is the current
    value first (raw, heuristic at 0.05 and 0.10, curated), in one wording of the facts or
    in every one?"""
    families = family_names() if wording == "all" else [wording]
    if any(f not in family_names() for f in families):
        commands.refuse(f"--wording={wording!r}: one of {', '.join(family_names())} or 'all'")
    commands.check_directory(path)
    commands.check_k(k)
    relations = tuple(relation) if relation else None
    for family in families:
        benchmark = TimeQA(k, relations, tenant_prefix, family, keys)
        commands.run_and_print(
            benchmark, path, no_curate=no_curate, no_mlflow=no_mlflow, as_json=as_json, rows=rows
        )
