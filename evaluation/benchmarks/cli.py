"""``memgov eval <benchmark>`` for every benchmark in the registry, and ``memgov eval
conflict-pairs``.

``register(app)`` adds them to a Typer app (the evaluation CLI wires them under
``eval``): each benchmark's command comes from its adapter (``adapters/``), the shared
options and printing from ``commands``.
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
    return "\n".join(lines)


def conflict_pairs(
    timeqa_dir: Path | None = typer.Option(None, "--timeqa", help="The timeqa directory."),
    longmemeval_path: Path | None = typer.Option(
        None, "--longmemeval", help="longmemeval_oracle.json."
    ),
    as_json: bool = commands.JSON_OPTION,
) -> None:
    """Precision / recall of the conflict detector on labeled pairs built from the shared
    benchmarks (nothing is copied): same-slot changes vs other subjects, questions,
    simultaneous values and events."""
    from curation import embedder_from_env
    from evaluation.benchmarks.pairs import evaluate

    if timeqa_dir is None and longmemeval_path is None:
        commands.refuse("give --timeqa DIR and/or --longmemeval PATH")
    if timeqa_dir is not None:
        commands.check_directory(timeqa_dir)
    if longmemeval_path is not None:
        commands.check_file(longmemeval_path)
    result = evaluate(
        embedder_from_env(),
        timeqa=timeqa_dir,
        longmemeval=longmemeval_path,
        cache=commands.cache_path(),
    )
    if as_json:
        typer.echo(json.dumps(result, indent=2))
    else:
        typer.echo(render_pairs(result))


def register(app: typer.Typer) -> None:
    """Add a command per registered benchmark and ``conflict-pairs`` to ``app`` (e.g. the
    ``eval`` sub-app)."""
    for name, benchmark in BENCHMARKS.items():
        app.command(name)(with_progress(benchmark.title)(benchmark.command()))
    app.command("conflict-pairs")(conflict_pairs)


if __name__ == "__main__":  # pragma: no cover - manual runs: python -m evaluation.benchmarks.cli
    cli = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    register(cli)
    cli(sys.argv[1:])
