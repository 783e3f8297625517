"""Root of the CLI. Other packages add command groups through the ``memgov.cli`` entry
point group (a callable taking the Typer app), so ``curation`` never imports them."""

from __future__ import annotations

import os
import sys
from importlib.metadata import entry_points
from typing import Any

import typer
from typer._click.exceptions import TyperException
from typer.core import TyperGroup

from curation._errors import MemgovError, one_line
from curation.cli import (
    admin_commands,
    change_commands,
    curation_commands,
    db_commands,
    memory_commands,
)


class MemgovGroup(TyperGroup):
    """The root group: a MemgovError from any command (plugins' included) becomes one
    line on stderr, ``error: field='value': reason``, and exit status 2 — never a
    traceback. Here rather than only in ``main`` so an in-process runner sees it too."""

    def invoke(self, ctx: Any) -> Any:  # typer's vendored click.Context
        try:
            return super().invoke(ctx)
        except MemgovError as exc:
            typer.echo(f"error: {one_line(exc)}", err=True)
            raise typer.Exit(2) from exc
        except (TyperException, typer.Exit, typer.Abort):  # usage errors, exits, ^C
            raise
        except BrokenPipeError as exc:  # the reader went away (`| head`): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from exc
        except Exception as exc:  # a bug or an outside failure: one line, exit 1
            if os.environ.get("MEMGOV_DEBUG"):
                raise
            typer.echo(
                f"error: {type(exc).__name__}: {one_line(exc)} (MEMGOV_DEBUG=1 shows the "
                "traceback)",
                err=True,
            )
            raise typer.Exit(1) from exc


app = typer.Typer(
    cls=MemgovGroup,
    name="memgov",
    help="Memgov: curate an AI-agent memory store so recall stays worth trusting.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(db_commands.db_app, name="db")
app.add_typer(admin_commands.tenants_app, name="tenants")
app.add_typer(admin_commands.server_app, name="server")
memory_commands.register(app)
curation_commands.register(app)
change_commands.register(app)


def _load_plugins() -> None:
    for entry in entry_points(group="memgov.cli"):
        entry.load()(app)


def main() -> None:
    _load_plugins()
    try:
        app()
    except MemgovError as exc:  # raised outside a command (loading a plugin, say)
        typer.echo(f"error: {one_line(exc)}", err=True)
        raise SystemExit(2) from exc
