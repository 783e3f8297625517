"""Curation commands: curate, policy, proposals, conflicts, undo, runs, golden probes,
compaction and threshold calibration."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import typer

from curation._errors import ValidationError
from curation._jsondoc import loads
from curation._policy import CurationPolicy, Mode
from curation.cli.context import open_store, parse_now
from curation.cli.output import emit_json, progress_bar, short

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the call is scoped to.")
NOW = typer.Option(None, "--now", help="ISO-8601 time to act at (default: the clock).")
JSON = typer.Option(False, "--json", help="Machine-readable output.")

policy_app = typer.Typer(help="Show or change a tenant's curation policy.", no_args_is_help=True)
proposals_app = typer.Typer(
    help="Principle proposals: list, approve, reject, unmerge.", no_args_is_help=True
)
conflicts_app = typer.Typer(help="Contested entries: list, resolve, reopen.", no_args_is_help=True)
golden_app = typer.Typer(
    help="Golden recall probes that curation must never break.", no_args_is_help=True
)


def curate(
    tenant: str = TENANT,
    apply: bool = typer.Option(False, "--apply", help="Write (per the policy's modes)."),
    now: str | None = NOW,
    force_now: str | None = typer.Option(
        None,
        "--force-now",
        metavar="REASON",
        help="Apply at a --now before the tenant's last applied run or newest write "
        "(refused otherwise); the reason is recorded in the run.",
    ),
    as_json: bool = JSON,
) -> None:
    """Run a curation pass: a dry run by default, --apply to write what the policy allows."""
    store = open_store()
    with progress_bar(f"Curating {tenant}", None):
        report = store.runs.curate(
            tenant, apply=apply, actor="cli", now=parse_now(now), force_now_reason=force_now
        )
    if as_json:
        emit_json(report)
        return
    planned, applied = report.planned, report.applied
    mode = "DRY RUN" if report.dry_run else "APPLIED"
    typer.echo(f"{mode} run {report.run_id} for {tenant!r} ({report.duration_s} s)")
    if report.forced_now_reason:
        typer.echo(f"  acted at {report.at} (forced: {report.forced_now_reason})")
    if report.dry_run:
        typer.echo(
            f"  active: {planned['active_before']} now; the plan would leave "
            f"{planned['active_after']}, --apply under these modes "
            f"{planned['active_after_apply']} (nothing written)"
        )
    else:
        typer.echo(f"  active: {planned['active_before']} → {report.active_after}")
    for name in ("superseded", "duplicates_archived", "decayed"):
        typer.echo(f"  {name}: planned {planned[name]}, applied {applied.get(name, 0)}")
    typer.echo(  # inferred supersessions not earned: held for the curator, not archived
        f"  held for review: planned {planned.get('held_for_review', 0)}, "
        f"stored {applied.get('held_for_review', 0)} (memgov changes list -t {tenant})"
    )
    typer.echo(
        f"  merged clusters: {planned['merged_clusters']}, "
        f"skipped by cap: {planned['skipped_by_cap']}"
    )
    typer.echo(
        f"  conflicts: planned {planned['conflicts']}, opened {applied.get('conflicts_opened', 0)}"
    )
    typer.echo(
        f"  proposals: planned {planned['proposals']}, "
        f"created {applied.get('proposals_created', 0)}"
    )
    if applied.get("skipped_stale"):
        typer.echo(f"  left alone (changed since planning): {applied['skipped_stale']}")
    typer.echo("  modes: " + ", ".join(f"{k}={v}" for k, v in report.modes.items()))
    dry = sorted(k for k, v in report.modes.items() if v == Mode.DRY_RUN.value)
    if apply and dry:
        everything = not any(v == Mode.APPLY.value for v in report.modes.values())
        typer.echo(
            (
                "note: nothing was archived: every mechanic"
                if everything
                else f"note: {', '.join(dry)}"
            )
            + " of this tenant is in dry_run (new tenants start so); enable writes with "
            f"`memgov policy set -t {tenant} --enable-writes` (or one mechanic: "
            f"`memgov policy set -t {tenant} duplicates=apply`)"
        )


def undo(
    run_id: str = typer.Argument(...),
    tenant: str = TENANT,
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Undo a curation run or a rewind from its recorded events (again: nothing more is
    reverted). A rewind's rows go back only where still as it left them."""
    result = open_store().runs.undo(tenant, run_id, actor="cli", now=parse_now(now))
    if as_json:
        emit_json(result)
    elif result.status_before == "undone":
        typer.echo(f"run {run_id} was already undone at {result.undone_at}: nothing reverted")
    elif result.status_before == "dry_run":
        typer.echo(f"run {run_id} was a dry run: it wrote nothing, nothing to undo")
    else:
        counts = dataclasses.asdict(result)
        hidden = ("status_before", "undone_at", *(() if result.reverted else ("reverted",)))
        shown = {k: v for k, v in counts.items() if k not in hidden}
        typer.echo(f"run {run_id} undone: " + ", ".join(f"{k}: {v}" for k, v in shown.items()))


def runs(tenant: str = TENANT, limit: int = typer.Option(10), as_json: bool = JSON) -> None:
    """Recent curation runs with their reports."""
    items = open_store().runs.latest(tenant, limit=limit)
    if as_json:
        emit_json(items)
        return
    for run in items:
        counts = run.report.applied
        typer.echo(
            f"{run.started_at:%Y-%m-%d %H:%M} {run.status:8} {run.id} "
            + " ".join(f"{k}={v}" for k, v in counts.items() if k != "writing")
        )


def compact(
    tenant: str = TENANT,
    grace_days: float = typer.Option(..., help="Only archived longer ago than this."),
    yes: bool = typer.Option(False, "--yes", help="Confirm the hard delete."),
    now: str | None = NOW,
) -> None:
    """Hard-delete archived entries past the grace period (the only hard delete)."""
    if not yes:
        raise ValidationError("--yes", False, "compaction deletes for good; confirm with --yes")
    deleted = open_store().runs.compact(tenant, grace_days=grace_days, now=parse_now(now))
    typer.echo(f"{deleted} archived memories deleted; the event history is untouched")


def calibrate(
    pairs: Path | None = typer.Option(None, help="JSONL of {a, b, duplicate}."),
    as_json: bool = JSON,
) -> None:
    """Measure the duplicate threshold of the configured embedding model."""
    from curation._calibration import builtin_pairs, load_pairs
    from curation._calibration import calibrate as run_calibration
    from curation._embedding import embedder_from_env

    labeled = load_pairs(pairs) if pairs else builtin_pairs()
    report = run_calibration(labeled, embedder_from_env())
    if as_json:
        emit_json(report.to_dict())
        return
    typer.echo(f"model {report.model}, {report.pairs} labeled pairs")
    typer.echo(f"  duplicates: {report.duplicate_similarity}")
    typer.echo(f"  distinct:   {report.distinct_similarity}")
    typer.echo(
        f"  threshold {report.threshold}: precision {report.precision}, "
        f"recall {report.recall}, F{report.beta} {report.f_beta}"
        + ("" if report.separable else " (labels overlap: no perfect threshold)")
    )


@policy_app.command("show")
def policy_show(tenant: str = TENANT) -> None:
    """Print the tenant's effective policy as JSON."""
    emit_json(open_store().tenants.policy(tenant).model_dump(mode="json"))


def _policy_file(path: Path) -> dict[str, object]:
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError("--file", str(path), f"cannot be read: {exc}") from exc
    document = loads(raw, "--file")
    if not isinstance(document, dict):
        raise ValidationError("--file", str(path), "must hold a JSON object of policy fields")
    return document


@policy_app.command("set")
def policy_set(
    tenant: str = TENANT,
    assignments: list[str] = typer.Argument(None, help="field=value (value parsed as JSON)."),
    file: Path | None = typer.Option(None, help="A policy JSON file (e.g. from a sweep)."),
    enable_writes: bool = typer.Option(
        False, "--enable-writes", help="Set every mechanic to apply."
    ),
    dry_run: bool = typer.Option(False, "--dry-run", help="Set every mechanic to dry_run."),
) -> None:
    """Change policy fields of an existing tenant; everything is validated before anything
    is stored."""
    store = open_store()
    tenant = store.tenants.require(tenant)  # a typo must not create a tenant
    overrides: dict[str, object] = {}
    if file is not None:
        overrides.update(_policy_file(file))
    for assignment in assignments or []:
        field, sep, raw = assignment.partition("=")
        if not sep:
            raise ValidationError("assignment", assignment, "expected field=value")
        try:
            overrides[field] = loads(raw, field)
        except ValidationError:  # not JSON: the text itself
            overrides[field] = raw
    if enable_writes or dry_run:
        mode = Mode.APPLY if enable_writes else Mode.DRY_RUN
        template = CurationPolicy().with_all_modes(mode).model_dump(mode="json")
        for name in ("supersession", "duplicates", "decay", "contradiction", "subsumption"):
            overrides[name] = template[name]
    policy = store.tenants.set_policy(tenant, overrides, actor="cli")
    emit_json(policy.model_dump(mode="json"))


@proposals_app.command("list")
def proposals_list(
    tenant: str = TENANT, status: str = typer.Option("pending"), as_json: bool = JSON
) -> None:
    """Proposals with their members and evidence."""
    store = open_store()
    items = store.curator.proposals(tenant, status=None if status == "all" else status)
    if as_json:
        emit_json(items)
        return
    for p in items:
        typer.echo(
            f"{p.id} [{p.status}] g={p.generality} "
            f"{len(p.member_ids)} members, mean Jaccard "
            f"{p.evidence.get('mean_jaccard')}"
        )
        typer.echo(f"  principle: {short(p.text)}")
        for member in p.member_ids[:10]:
            typer.echo(f"    - {short(store.get(tenant, member).content, 80)}")


@proposals_app.command("approve")
def proposals_approve(
    ids: list[str] = typer.Argument(...),
    tenant: str = TENANT,
    text: str | None = typer.Option(
        None, "--text", help="The principle's text as edited (one proposal at a time)."
    ),
    now: str | None = NOW,
) -> None:
    """Approve a batch of proposals in one transaction; --text replaces the proposed text."""
    texts = None
    if text is not None:
        if len(ids) != 1:
            raise ValidationError("text", text, f"edits one proposal; {len(ids)} were given")
        texts = {ids[0]: text}
    emit_json(
        open_store().curator.approve(tenant, ids, texts=texts, actor="cli", now=parse_now(now))
    )


@proposals_app.command("reject")
def proposals_reject(
    ids: list[str] = typer.Argument(...),
    tenant: str = TENANT,
    note: str | None = typer.Option(None),
    now: str | None = NOW,
) -> None:
    """Reject proposals (the same member set is never proposed again)."""
    open_store().curator.reject(tenant, ids, note=note, actor="cli", now=parse_now(now))
    typer.echo(f"{len(ids)} proposal(s) rejected")


@proposals_app.command("unmerge")
def proposals_unmerge(
    proposal_id: str = typer.Argument(...), tenant: str = TENANT, now: str | None = NOW
) -> None:
    """Undo an approval: every member restored, the principle withdrawn."""
    emit_json(open_store().curator.unmerge(tenant, proposal_id, actor="cli", now=parse_now(now)))


@conflicts_app.command("list")
def conflicts_list(
    tenant: str = TENANT, status: str = typer.Option("open"), as_json: bool = JSON
) -> None:
    """The curator's queue of contested entries."""
    store = open_store()
    items = store.ledger.conflicts(tenant, status=None if status == "all" else status)
    if as_json:
        emit_json([c.to_dict() for c in items])
        return
    for c in items:
        typer.echo(f"{c.id} [{c.status}] on {c.memory_id} ({c.detected_by})")
        typer.echo(f"  entry: {short(store.get(tenant, c.memory_id).content, 80)}")
        typer.echo(f"  claim: {short(c.claim, 80)}")
        typer.echo(f"  evidence: {short(c.evidence, 80)}")


@conflicts_app.command("inferred")
def conflicts_inferred(
    tenant: str = TENANT, limit: int = typer.Option(100), as_json: bool = JSON
) -> None:
    """Inferred supersessions (no key: a newer entry restated the slot with another
    value); undo one with `memgov restore ID`."""
    items = open_store().curator.inferred_supersessions(tenant, limit=limit)
    if as_json:
        emit_json([i.to_dict() for i in items])
        return
    for i in items:
        typer.echo(f"{i.memory_id} inferred supersession ({i.actor}, {i.at:%Y-%m-%d %H:%M})")
        typer.echo(f"  was:      {short(i.content, 80)}")
        typer.echo(f"  replaced: {short(i.current_content or '(missing)', 80)}")
        typer.echo(f"  evidence: {short(i.evidence, 160)}")
        typer.echo(f"  undo:     memgov restore {i.memory_id} -t {tenant}")


@conflicts_app.command("resolve")
def conflicts_resolve(
    conflict_id: str = typer.Argument(...),
    tenant: str = TENANT,
    resolution: str = typer.Option(..., help="replace | narrow | retire | dismiss"),
    replacement: str | None = typer.Option(None, help="New statement for replace/narrow."),
    note: str | None = typer.Option(None),
    now: str | None = NOW,
) -> None:
    """Resolve a conflict; recorded and reversible with `conflicts reopen`."""
    emit_json(
        open_store().curator.resolve(
            tenant,
            conflict_id,
            resolution,
            replacement=replacement,
            note=note,
            actor="cli",
            now=parse_now(now),
        )
    )


@conflicts_app.command("reopen")
def conflicts_reopen(
    conflict_id: str = typer.Argument(...), tenant: str = TENANT, now: str | None = NOW
) -> None:
    """Undo a resolution."""
    emit_json(open_store().curator.reopen(tenant, conflict_id, actor="cli", now=parse_now(now)))


@golden_app.command("add")
def golden_add(
    tenant: str = TENANT,
    query: str = typer.Option(...),
    expect: list[str] = typer.Option(..., help="Expected memory id (repeatable)."),
    k: int = typer.Option(6),
) -> None:
    """Register a query whose expected memories must stay in the top k."""
    typer.echo(open_store().runs.add_golden_probe(tenant, query, expect, k=k))


@golden_app.command("list")
def golden_list(tenant: str = TENANT) -> None:
    emit_json(open_store().runs.golden_probes(tenant))


def register(app: typer.Typer) -> None:
    app.command()(curate)
    app.command()(undo)
    app.command()(runs)
    app.command()(compact)
    app.command()(calibrate)
    app.add_typer(policy_app, name="policy")
    app.add_typer(proposals_app, name="proposals")
    app.add_typer(conflicts_app, name="conflicts")
    app.add_typer(golden_app, name="golden")
