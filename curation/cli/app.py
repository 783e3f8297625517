"""Root of the CLI. Other packages add command groups through the ``memgov.cli`` entry
point group (a callable taking the Typer app), so ``curation`` never imports them."""

from __future__ import annotations

import os
import sys
from importlib.metadata import entry_points
from typing import Any

import typer
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    TyperException,
    UsageError,
)
from typer.core import TyperGroup

from curation._errors import MemgovError, one_line
from curation._settings import Settings
from curation._telemetry_setup import configure_telemetry
from curation.cli import (
    admin_commands,
    change_commands,
    curation_commands,
    db_commands,
    forget_commands,
    memory_commands,
    quarantine_commands,
    rewind_commands,
)


class MemgovGroup(TyperGroup):
    """The root group: a MemgovError from any command (plugins' included) becomes one
    line on stderr, ``error: field='value': reason``, and exit status 2 — never a
    traceback. Here rather than only in ``main`` so an in-process runner sees it too. The
    argument parser's refusals (a bad option value, a missing or unknown option) take the
    same one-line form instead of a usage panel."""

    argv: list[str] = []

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        self.argv = list(sys.argv[1:] if args is None else args)
        return super().main(args, *rest, **kwargs)

    def invoke(self, ctx: Any) -> Any:  # typer's vendored click.Context
        try:
            configure_telemetry()  # what the OTEL_* variables ask for; nothing without them
            return super().invoke(ctx)
        except MemgovError as exc:
            typer.echo(f"error: {one_line(exc)}", err=True)
            raise typer.Exit(2) from exc
        except NoArgsIsHelpError:  # a group called bare: its help
            raise
        except UsageError as exc:
            typer.echo(f"error: {usage_line(exc, self.argv)}", err=True)
            raise typer.Exit(2) from exc
        except (TyperException, typer.Exit, typer.Abort):  # exits, ^C
            raise
        except BrokenPipeError as exc:  # the reader went away (`| head`): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from exc
        except Exception as exc:  # a bug or an outside failure: one line, exit 1
            if _debugging():
                raise
            typer.echo(
                f"error: {type(exc).__name__}: {one_line(exc)} (MEMGOV_DEBUG=1 shows the "
                "traceback)",
                err=True,
            )
            raise typer.Exit(1) from exc


def _debugging() -> bool:
    """``MEMGOV_DEBUG`` set: a failure shows its traceback (a bad setting cannot)."""
    try:
        return Settings.from_env().debug
    except MemgovError:
        return False


def usage_line(exc: UsageError, argv: list[str]) -> str:
    """A parser refusal as ``field='value': reason`` (the value as typed, when found)."""
    command = exc.ctx.command_path if exc.ctx is not None else "memgov"
    hint = f" (`{command} --help`)"
    param = getattr(exc, "param", None)
    if isinstance(exc, NoSuchOption):
        return f"option={exc.option_name!r}: no such option for `{command}`" + hint
    if isinstance(exc, BadOptionUsage):  # an option without its value
        return f"{exc.option_name}=None: {one_line(Exception(exc.message))}" + hint
    if param is None:
        return f"usage: {one_line(Exception(exc.format_message()))}" + hint
    opts = list(getattr(param, "opts", []) or [])
    is_option = any(o.startswith("-") for o in opts)
    field = max(opts, key=len) if is_option else str(param.name)
    if isinstance(exc, MissingParameter):
        return f"{field}=None: is required" + hint
    reason = one_line(Exception(exc.message)) if isinstance(exc, BadParameter) else str(exc)
    raw = _typed_value(argv, opts) if is_option else None
    shown = "" if raw is None else "=" + repr(raw)[:80]
    return f"{field}{shown}: {reason}"


def _typed_value(argv: list[str], opts: list[str]) -> str | None:
    for n, token in enumerate(argv):
        if token in opts and n + 1 < len(argv):
            return argv[n + 1]
        for opt in opts:
            if opt.startswith("--") and token.startswith(opt + "="):
                return token[len(opt) + 1 :]
    return None


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
app.add_typer(quarantine_commands.quarantine_app, name="quarantine")
memory_commands.register(app)
curation_commands.register(app)
change_commands.register(app)
forget_commands.register(app)
rewind_commands.register(app)


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
