"""``memgov quarantine list|release|reject``: the trust gate's curator queue (writes held
as instruction-like content from an untrusted source)."""

from __future__ import annotations

import dataclasses

import typer

from curation.cli.context import open_store, parse_now
from curation.cli.output import emit_json

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the call is scoped to.")
quarantine_app = typer.Typer(
    help="Writes the trust gate holds: list, release or reject.", no_args_is_help=True
)


def _shown(value: str) -> str:
    """Agent-written text on a terminal: control and hidden characters escaped."""
    return value.encode("unicode_escape").decode("ascii")


@quarantine_app.command("list")
def list_held(
    tenant: str = TENANT,
    limit: int = typer.Option(100, "--limit", help="At most this many."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """The held writes, oldest first, with why each was held."""
    held = open_store().quarantine.held(tenant, limit=limit)
    if as_json:
        emit_json([dataclasses.asdict(m) | {"created_at": m.created_at.isoformat()} for m in held])
        return
    if not held:
        typer.echo("nothing quarantined")
    for m in held:
        typer.echo(f"{m.id}  [{_shown(m.source or '-')}] {_shown(m.content[:120])}")
        typer.echo(f"    reason: {_shown(m.reason)}")


def _decision(verb: str, past: str, doc: str) -> None:
    """Register ``memgov quarantine <verb>``: the curator's decision on one held write."""

    def decide(
        memory_id: str = typer.Argument(..., help="The held memory's id."),
        tenant: str = TENANT,
        actor: str = typer.Option("curator", "--actor"),
        now: str | None = typer.Option(None, "--now", help="ISO-8601 time to act at."),
    ) -> None:
        act = getattr(open_store().quarantine, verb)
        typer.echo(f"{past} {act(tenant, memory_id, actor=actor, now=parse_now(now))}")

    decide.__doc__ = doc
    quarantine_app.command(verb)(decide)


_decision("release", "released", "Release a held write: recallable from now on.")
_decision("reject", "rejected", "Reject a held write: archived ``rejected``, never recalled.")
