"""The pieces every ``memgov eval <benchmark>`` command shares: its common options, the
configured store, the progress line, the way a result is printed and bad input refused.

The store is the configured one (``MemoryStore.open``: the embedded server unless
``MEMGOV_DATABASE_URL`` is set; embedder from ``MEMGOV_EMBEDDER``, MiniLM by default);
results go to MLflow at ``evaluation.tracking.tracking_uri()`` unless ``--no-mlflow``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer

from curation import MAX_RECALL_K, MemoryStore
from evaluation.benchmarks.protocol import Benchmark, BenchmarkResult, RunOptions
from evaluation.console import report

K_OPTION = typer.Option(
    [1, 5, 10], "--k", "-k", help="Cutoffs (repeat the option: -k 1 -k 5 -k 10)."
)
JSON_OPTION = typer.Option(False, "--json", help="Print the full result as JSON.")
ROWS_OPTION = typer.Option(False, "--rows", help="With --json: include per-question rows.")
NO_CURATE = typer.Option(False, "--no-curate", help="Raw arm only (no curation pass).")
KEYS_OPTION = typer.Option(
    False,
    "--keys",
    help="Write each single-valued subject's facts under one supersession key (as a writer "
    "who names the slot would).",
)
NO_MLFLOW = typer.Option(False, "--no-mlflow", help="Do not log the run to MLflow.")


def cache_path() -> Path | None:
    from evaluation.benchmarks.embed_cache import cache_path as configured

    return configured()


def progress(message: str) -> None:
    report(message)  # to the running command's progress bar (see cli.register)


def open_store() -> MemoryStore:
    from curation import embedder_from_env

    return MemoryStore.open(embedder=embedder_from_env())


def options(no_curate: bool) -> RunOptions:
    """The run options every command uses: the configured cache, the progress line."""
    return RunOptions(curate=not no_curate, embed_cache=cache_path(), progress=progress)


def run_and_print(
    benchmark: Benchmark,
    source: Path | str,
    *,
    no_curate: bool,
    no_mlflow: bool,
    as_json: bool,
    rows: bool,
) -> None:
    """Run ``benchmark`` on the configured store (logged to MLflow unless ``no_mlflow``)
    and print its report, or the result as JSON."""
    from evaluation.benchmarks.run import run_benchmark

    result = run_benchmark(
        benchmark, source, open_store(), options(no_curate), log_mlflow=not no_mlflow
    )
    emit(result, as_json, rows, benchmark.render)


def file_command(benchmark: Benchmark, data: str) -> Callable[..., None]:
    """The command of a benchmark with no settings of its own: ``memgov eval <name> PATH``
    (``data`` says what PATH is) with the shared options; its help is the benchmark's
    description."""

    def command(
        path: Path = typer.Argument(..., help=data),
        no_curate: bool = NO_CURATE,
        no_mlflow: bool = NO_MLFLOW,
        as_json: bool = JSON_OPTION,
        rows: bool = ROWS_OPTION,
    ) -> None:
        check_file(path)
        run_and_print(
            benchmark, path, no_curate=no_curate, no_mlflow=no_mlflow, as_json=as_json, rows=rows
        )

    command.__doc__ = benchmark.description
    command.__name__ = benchmark.name
    return command


def emit(result: BenchmarkResult, as_json: bool, rows: bool, render: Callable[[Any], str]) -> None:
    if as_json:
        payload = result if rows else {k: v for k, v in result.items() if k != "rows"}
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2, default=str))
    else:
        typer.echo(render(result))


def refuse(message: str) -> NoReturn:
    """A typed refusal of bad input: the message on stderr, exit code 2, no traceback."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def check_file(path: Path) -> None:
    if not path.is_file():
        refuse(f"no such file: {path}")


def check_directory(path: Path) -> None:
    if not path.is_dir():
        refuse(f"no such directory: {path}")


def check_k(k: int) -> None:
    if k < 1 or k > MAX_RECALL_K:
        refuse(f"--k must be in 1..{MAX_RECALL_K}, got {k}")
