"""``memgov eval <benchmark>`` for every benchmark in the registry, and ``memgov eval
conflict-pairs``.

``register(app)`` adds them to a Typer app (the evaluation CLI wires them under
``eval``): each benchmark's command comes from its adapter (``adapters/``), the shared
options and printing from ``commands``; ``memgov eval recall-order`` runs recall's order
alone, without a store (``recall_order``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer

from evaluation.benchmarks import commands
from evaluation.benchmarks.registry import BENCHMARKS
from evaluation.benchmarks.report import cell
from evaluation.console import with_progress


def render_pairs(result: Mapping[str, Any]) -> str:
    lines = [f"conflict detector on labeled benchmark pairs ({result['embedding_model']})"]
    for row in result["detectors"]:
        lines.append(
            f"{row['detector']:<13} precision {cell(row['precision'])}  recall "
            f"{cell(row['recall'])}  flagged {row['flagged']} of {row['pairs']} pairs "
            f"({row['positives']} true changes)"
        )
        for source, counts in row["by_source"].items():
            lines.append(f"    {source:<26} {counts['flagged']:>5} / {counts['pairs']}")
    if "wordings" in result:
        lines.append("supersedes on TimeQA's pairs per wording family")
        lines.append(f"    {'family':<24} precision  recall  another subject read as a change")
        for family, row in result["wordings"].items():
            across = row["by_source"].get("timeqa-different-subject", {"flagged": 0, "pairs": 0})
            lines.append(
                f"    {family:<24} {cell(row['precision']):<10} {cell(row['recall']):<7} "
                f"{across['flagged']} / {across['pairs']}"
            )
        lines.append(
            f"    spread: precision {cell(result['precision_spread'])}, recall "
            f"{cell(result['recall_spread'])}"
        )
    return "\n".join(lines)


def conflict_pairs(
    timeqa_dir: Path | None = typer.Option(None, "--timeqa", help="The timeqa directory."),
    longmemeval_path: Path | None = typer.Option(
        None, "--longmemeval", help="longmemeval_oracle.json."
    ),
    wording: str = typer.Option(
        "benchmark",
        "--wording",
        help="TimeQA's facts in this wording family, or 'all' (every family beside).",
    ),
    as_json: bool = commands.JSON_OPTION,
) -> None:
    """Precision / recall of the conflict detector on labeled pairs built from the shared
    benchmarks (nothing is copied): same-slot changes vs other subjects, questions,
    simultaneous values and events."""
    from curation import embedder_from_env
    from evaluation.benchmarks.pairs import evaluate
    from evaluation.benchmarks.wordings import family_names

    if timeqa_dir is None and longmemeval_path is None:
        commands.refuse("give --timeqa DIR and/or --longmemeval PATH")
    if wording != "all" and wording not in family_names():
        known = ", ".join(family_names())
        commands.refuse(f"--wording={wording!r} is not a wording family (one of all, {known})")
    if timeqa_dir is not None:
        commands.check_directory(timeqa_dir)
    if longmemeval_path is not None:
        commands.check_file(longmemeval_path)
    result = evaluate(
        embedder_from_env(),
        timeqa=timeqa_dir,
        longmemeval=longmemeval_path,
        cache=commands.cache_path(),
        wording=wording,
    )
    if as_json:
        typer.echo(json.dumps(result, indent=2))
    else:
        typer.echo(render_pairs(result))


def recall_order_command(
    set_name: str = typer.Option(
        "a", "--set", help="A hold-out set (a to z, aa, ab, ac), or 'timeqa' (with --timeqa DIR)."
    ),
    family: str = typer.Option("all", "--family", help="A wording family, or 'all'."),
    timeqa_dir: Path | None = typer.Option(None, "--timeqa", help="The timeqa directory."),
    k: int = typer.Option(10, "--k", "-k", help="Hits per recall."),
    keys: bool = commands.KEYS_OPTION,
    as_json: bool = commands.JSON_OPTION,
    rows: bool = commands.ROWS_OPTION,
    one_batch: bool = typer.Option(
        False,
        "--one-batch",
        help="Every fact written at one moment (a store imported in one go): the order "
        "must come from the texts.",
    ),
) -> None:
    """Recall's order alone, without a store or a curation pass: current value first per
    wording family (raw, heuristic at 0.05 and 0.10, the order recall gives), in seconds."""
    from curation import embedder_from_env
    from evaluation.benchmarks.holdout_store import UnknownHoldoutError
    from evaluation.benchmarks.recall_order import recall_order, render, sources

    commands.check_k(k)
    if timeqa_dir is not None:
        commands.check_directory(timeqa_dir)
    try:
        runs = sources(set_name, family, timeqa_dir)
    except UnknownHoldoutError as error:
        commands.refuse(f"--{error}")
    embedder = embedder_from_env()
    for name, data in runs:
        result = recall_order(
            data,
            embedder,
            k=k,
            cache=commands.cache_path(),
            rows=rows and as_json,
            keyed=keys,
            one_batch=one_batch,
        )
        if as_json:
            shown = {"set": set_name, "family": name, "keyed": keys, "one_batch": one_batch}
            typer.echo(json.dumps(shown | result))
        else:
            typer.echo(render(set_name, name, result))


def register(app: typer.Typer) -> None:
    """Add a command per registered benchmark and ``conflict-pairs`` to ``app`` (e.g. the
    ``eval`` sub-app)."""
    for name, benchmark in BENCHMARKS.items():
        app.command(name)(with_progress(benchmark.title)(benchmark.command()))
    app.command("conflict-pairs")(conflict_pairs)
    app.command("recall-order")(recall_order_command)


if __name__ == "__main__":  # pragma: no cover - manual runs: python -m evaluation.benchmarks.cli
    cli = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    register(cli)
    cli(sys.argv[1:])
