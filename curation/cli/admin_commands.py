"""``memgov tenants [create|delete]`` and ``memgov server status|stop``: the store's
tenants and the embedded PostgreSQL server."""

from __future__ import annotations

from pathlib import Path

import typer

from curation._errors import ValidationError
from curation._settings import Settings
from curation._store.server import embedded_server_pid, stop_embedded_server
from curation.cli.context import open_store
from curation.cli.output import emit_json

JSON = typer.Option(False, "--json", help="Machine-readable output.")

tenants_app = typer.Typer(
    help="List tenants (no sub-command), create one, or delete one.", invoke_without_command=True
)
server_app = typer.Typer(help="The embedded PostgreSQL server.", no_args_is_help=True)


@tenants_app.callback()
def tenants(ctx: typer.Context, as_json: bool = JSON) -> None:
    """List the tenants in the store."""
    if ctx.invoked_subcommand is not None:
        return
    names = open_store().tenants.all()
    emit_json(names) if as_json else typer.echo("\n".join(names) or "(no tenants)")


@tenants_app.command("create")
def tenants_create(name: str = typer.Argument(..., help="The new tenant's name.")) -> None:
    """Create an empty tenant (refused when the name looks like an existing tenant's)."""
    store = open_store()
    existed = name in store.tenants.all()
    created = store.tenants.create(name)
    typer.echo(f"tenant {created!r} {'already exists' if existed else 'created'}")


@tenants_app.command("delete")
def tenants_delete(
    name: str = typer.Argument(..., help="The tenant to delete, with everything it holds."),
    dump: Path | None = typer.Option(
        None, "--dump", help="A fresh `memgov export --full` of the tenant (checked)."
    ),
    force: bool = typer.Option(False, "--force", help="Delete without a fresh dump."),
    yes: bool = typer.Option(False, "--yes", help="Do not ask for confirmation."),
) -> None:
    """Delete a tenant for good: memories, history, experiments. Refused without a fresh
    full dump (--dump FILE) unless --force; asks to confirm unless --yes."""
    store = open_store()
    tenant = store.tenants.require(name)
    if dump is None and not force:
        raise ValidationError(
            "--dump",
            None,
            "required: make one with `memgov export --full FILE -t "
            f"{tenant}` and pass it (or --force to delete without one)",
        )
    counts = store.counts(tenant)
    if not yes:
        typer.confirm(
            f"Delete tenant {tenant!r} ({counts.active} active, {counts.archived} "
            "archived memories and their whole history)?",
            abort=True,
            err=True,
        )
    deleted = store.tenants.delete(tenant, dump=dump, force=force)
    typer.echo(f"tenant {tenant!r} deleted: {deleted.memories} memories, {deleted.events} events")


@server_app.command("status")
def server_status(as_json: bool = JSON) -> None:
    """Whether the embedded server runs (and where its data lives)."""
    settings = Settings.from_env()
    pid = embedded_server_pid(settings.pgdata)
    state = {
        "pgdata": str(settings.pgdata),
        "running": pid is not None,
        "pid": pid,
        "external_database": settings.database_url is not None,
    }
    if as_json:
        emit_json(state)
        return
    where = f"data in {settings.pgdata}"
    typer.echo(
        f"embedded server running (pid {pid}), {where}"
        if pid
        else f"embedded server not running, {where}"
    )
    if settings.database_url:
        typer.echo("note: MEMGOV_DATABASE_URL is set, so memgov uses that database instead")


@server_app.command("stop")
def server_stop() -> None:
    """Stop the embedded server (a fast shutdown: sessions end, data is checkpointed)."""
    settings = Settings.from_env()
    pid = stop_embedded_server(settings.pgdata)
    typer.echo(f"embedded server stopped (pid {pid})" if pid else "embedded server not running")
