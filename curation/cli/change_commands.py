"""``memgov changes``: inferred supersessions held for review, the curator's confirm and
reject, and the tenant's reviewed precision that gates their automatic apply."""

from __future__ import annotations

import typer

from curation._records import ChangeGate
from curation.cli.context import open_store, parse_now
from curation.cli.output import emit_json, short

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the call is scoped to.")
NOW = typer.Option(None, "--now", help="ISO-8601 time to act at (default: the clock).")
JSON = typer.Option(False, "--json", help="Machine-readable output.")
NOTE = typer.Option(None, "--note", help="The curator's reason, kept with the label.")

changes_app = typer.Typer(
    help="Inferred supersessions held for review: list, confirm, reject, gate.",
    no_args_is_help=True,
)


def gate_line(gate: ChangeGate) -> str:
    precision = "n/a" if gate.precision is None else f"{gate.precision:.3f}"
    verdict = "earned" if gate.auto_apply_earned else "not earned (changes are held)"
    return (
        f"reviewed precision {precision} over {gate.reviewed} decisions "
        f"({gate.confirmed} confirmed, {gate.rejected} rejected); automatic apply {verdict}: "
        f"needs >= {gate.min_precision:g} over >= {gate.min_reviewed}; pending {gate.pending}"
    )


@changes_app.command("list")
def changes_list(
    tenant: str = TENANT,
    status: str = typer.Option(
        "pending", help="pending | confirmed | rejected | auto_applied | all"
    ),
    limit: int = typer.Option(100),
    as_json: bool = JSON,
) -> None:
    """Held changes with both texts and the evidence, and the tenant's review gate."""
    store = open_store()
    items = store.curator.changes(tenant, status=None if status == "all" else status, limit=limit)
    gate = store.curator.change_gate(tenant)
    if as_json:
        emit_json({"gate": gate.to_dict(), "changes": [c.to_dict() for c in items]})
        return
    typer.echo(gate_line(gate))
    for c in items:
        similarity = "" if c.similarity is None else f", cosine {c.similarity:.3f}"
        typer.echo(f"{c.id} [{c.status}] {c.source}{similarity}")
        typer.echo(f"  older: {short(c.older_content, 80)}  ({c.older_id})")
        typer.echo(f"  newer: {short(c.newer_content, 80)}  ({c.newer_id})")
        typer.echo(f"  evidence: {short(c.detail, 160)}")


@changes_app.command("gate")
def changes_gate(tenant: str = TENANT, as_json: bool = JSON) -> None:
    """The tenant's reviewed precision and whether automatic apply is earned."""
    gate = open_store().curator.change_gate(tenant)
    emit_json(gate) if as_json else typer.echo(gate_line(gate))


def _decision(verb: str, doc: str) -> None:
    """Register ``memgov changes <verb>``: the curator's label on one held change (the
    store's ``<verb>_change``), printed as JSON."""

    def decide(
        change_id: str = typer.Argument(...),
        tenant: str = TENANT,
        note: str | None = NOTE,
        now: str | None = NOW,
    ) -> None:
        act = getattr(open_store().curator, f"{verb}_change")
        emit_json(act(tenant, change_id, note=note, actor="cli", now=parse_now(now)))

    decide.__doc__ = doc
    changes_app.command(verb)(decide)


_decision(
    "confirm",
    "The change is right: archive the older entry as superseded by the newer (undo it "
    "with `memgov restore OLDER_ID`).",
)
_decision("reject", "The change is wrong: both entries stay and the pair is never proposed again.")


def register(app: typer.Typer) -> None:
    app.add_typer(changes_app, name="changes")
