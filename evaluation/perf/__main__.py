"""``python -m evaluation.perf --n 100000``: the bench without the ``memgov`` CLI."""

from __future__ import annotations

import os

import typer

from evaluation.perf.cli import bench


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    app = typer.Typer(add_completion=False)
    app.command()(bench)  # a single command: options go straight after the module
    app()


if __name__ == "__main__":
    main()
