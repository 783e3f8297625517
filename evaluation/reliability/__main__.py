"""``python -m evaluation.reliability crash|load``: the reliability harness on demand, on
the server ``MEMGOV_DATABASE_URL`` names or the embedded one (scratch databases only)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)


def _say(line: str) -> None:
    typer.echo(line, err=True)


@app.command()
def crash(
    kills: int = typer.Option(50, help="SIGKILLs of the applying process."),
    terminations: int = typer.Option(20, help="pg_terminate_backend of its connection."),
    memories: int = typer.Option(20_000, help="Memories in the crashed tenant."),
    seed: int = typer.Option(7, help="Generator seed."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the figures as JSON."),
) -> None:
    """Kill a curation apply at points spread over its duration; check every outcome."""
    from evaluation.reliability.crash import CrashSettings, report_dict, run_crash
    from evaluation.reliability.scratch import ScratchServer

    server = ScratchServer.from_env()
    try:
        settings = CrashSettings(
            memories=memories, kills=kills, terminations=terminations, seed=seed
        )
        report = run_crash(server, settings, say=_say)
    finally:
        server.dispose()
    typer.echo("\n".join(report.lines()))
    if json_out is not None:
        json_out.write_text(json.dumps(report_dict(report), indent=2))
    if report.survived != len(report.outcomes):
        raise typer.Exit(1)


@app.command()
def load(
    seconds: float = typer.Option(30.0, help="How long the actors run."),
    memories: int = typer.Option(10_000, help="Memories seeded before the run."),
    writer_threads: int = typer.Option(2, help="Writer threads (plus one writer process)."),
    recaller_threads: int = typer.Option(2, help="Recaller threads (plus one process)."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the figures as JSON."),
) -> None:
    """Writers, recallers, pin/feedback and curation together; check nothing is lost."""
    from evaluation.reliability.load import LoadSettings, report_dict, run_load
    from evaluation.reliability.scratch import ScratchServer

    server = ScratchServer.from_env()
    try:
        settings = LoadSettings(
            seconds=seconds,
            memories=memories,
            writer_threads=writer_threads,
            recaller_threads=recaller_threads,
        )
        report = run_load(server, settings, say=_say)
    finally:
        server.dispose()
    typer.echo("\n".join(report.lines()))
    if json_out is not None:
        json_out.write_text(json.dumps(report_dict(report), indent=2))
    if report.problems:
        raise typer.Exit(1)


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    sys.exit(app())


if __name__ == "__main__":
    main()
