"""Commands contributed to ``memgov`` by the evaluation package (entry point memgov.cli)."""

from __future__ import annotations

import typer


def demo() -> None:
    """The main job on the demo fleet: load, recall raw vs curated, curate, recall again."""
    from evaluation.demo import main

    main()


def register(app: typer.Typer) -> None:
    app.command()(demo)
