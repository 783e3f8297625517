"""Root of the CLI. Other packages add command groups through the ``memgov.cli`` entry
point group (a callable taking the Typer app), so ``curation`` never imports them."""

from __future__ import annotations

from importlib.metadata import entry_points

import typer

from curation.cli import curation_commands, db_commands, memory_commands
from curation.errors import MemgovError

app = typer.Typer(
    name="memgov",
    help="Memgov: curate an AI-agent memory store so recall stays worth trusting.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(db_commands.db_app, name="db")
memory_commands.register(app)
curation_commands.register(app)


def _load_plugins() -> None:
    for entry in entry_points(group="memgov.cli"):
        entry.load()(app)


def main() -> None:
    _load_plugins()
    try:
        app()
    except MemgovError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from exc
