"""Commands contributed to ``memgov`` by the orchestration package (entry point memgov.cli)."""

from __future__ import annotations

import typer


def demo() -> None:
    """The main job on the demo fleet: load it, show recall raw vs curated, materialize the
    Dagster curation graph per tenant, show recall again, run the A/B and a simulated
    online experiment and print both."""
    from orchestration.demo import main

    main()


def register(app: typer.Typer) -> None:
    app.command()(demo)
