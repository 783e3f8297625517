"""Printing for humans and for scripts."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer

from curation._records import RecallResult


def _plain(payload: Any) -> Any:
    """Records (dataclasses) as dicts, so they print like the mappings beside them."""
    if dataclasses.is_dataclass(payload) and not isinstance(payload, type):
        return dataclasses.asdict(payload)
    if isinstance(payload, list | tuple):
        return [_plain(item) for item in payload]
    return payload


def emit_json(payload: Any) -> None:
    typer.echo(json.dumps(_plain(payload), ensure_ascii=False, indent=2, default=str))


def fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def short(text: str, width: int = 88) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def print_recall(result: RecallResult, *, stream: Any = None) -> None:
    out = stream or sys.stdout
    when = "" if result.as_of is None else f" as of {result.as_of.isoformat()}"
    out.write(f"{result.mode} recall for {result.tenant!r}{when}: {result.query!r}\n")
    if not result.hits:
        out.write("  (no hits)\n")
    for n, hit in enumerate(result.hits, start=1):
        flags = "" if hit.status == "active" else f" [{hit.status}:{hit.archive_reason}]"
        doubt = f" ⚠ {len(hit.conflicts)} conflict(s)" if hit.conflicts else ""
        out.write(
            f"  {n}. score={hit.score:.3f} sim={hit.similarity:.3f} {hit.kind}{flags}{doubt}\n"
            f"     {short(hit.content)}\n"
        )
        for conflict in hit.conflicts:
            out.write(f"     ↳ contested: {short(conflict.claim, 80)}\n")


@contextmanager
def progress_bar(description: str, total: float | None) -> Iterator[Callable[[float], None]]:
    """A rich progress bar on stderr for a long command, yielding ``set_done(n)``; with
    ``total=None`` a bar that only says it is working. Drawn only on a terminal and gone
    when done, so pipes, scripts and ``--json`` see the command's own output alone."""
    if not sys.stderr.isatty():
        yield lambda _n: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(bar_width=30),
        TextColumn("{task.percentage:>3.0f}%" if total else ""),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=total)

        def set_done(n: float) -> None:
            bar.update(task, completed=n)

        yield set_done
