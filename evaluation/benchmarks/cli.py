"""``memgov eval locomo PATH`` and ``memgov eval longmemeval PATH``.

Plain functions with Typer defaults; ``register(app)`` adds them to a Typer app (the
evaluation CLI wires them under ``eval``). The store is the configured one
(``MemoryStore.open``: the embedded server unless ``MEMGOV_DATABASE_URL`` is set; embedder
from ``MEMGOV_EMBEDDER``, MiniLM by default); results go to MLflow at
``evaluation.tracking.tracking_uri()`` unless ``--no-mlflow``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import typer

from curation import MAX_RECALL_K
from evaluation.console import report, with_progress

K_OPTION = typer.Option(
    [1, 5, 10], "--k", "-k", help="Cutoffs (repeat the option: -k 1 -k 5 -k 10)."
)
JSON_OPTION = typer.Option(False, "--json", help="Print the full result as JSON.")
ROWS_OPTION = typer.Option(False, "--rows", help="With --json: include per-question rows.")
NO_CURATE = typer.Option(False, "--no-curate", help="Raw arm only (no curation pass).")
NO_MLFLOW = typer.Option(False, "--no-mlflow", help="Do not log the run to MLflow.")


def cache_path() -> Path | None:
    from evaluation.benchmarks.embed_cache import cache_path as configured

    return configured()


def _progress(message: str) -> None:
    report(message)  # to the running command's progress bar (see register)


def _open_store() -> Any:
    from curation import MemoryStore, embedder_from_env

    return MemoryStore.open(embedder=embedder_from_env())


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def format_table(
    title: str, groups: Mapping[str, Mapping[str, Mapping[str, Any]]], metrics: Sequence[str]
) -> str:
    """Rows = group x arm, columns = n and the metrics; ``groups[arm][group] = metrics``."""
    arms = list(groups)
    names: list[str] = []
    for arm in arms:
        names += [g for g in groups[arm] if g not in names]
    header = ["group", "arm", "n", *metrics]
    lines = [[*header]]
    for name in names:
        for arm in arms:
            values = groups[arm].get(name)
            if values is None:
                continue
            lines.append(
                [name, arm, _cell(values.get("n")), *(_cell(values.get(m)) for m in metrics)]
            )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = [title]
    for n, line in enumerate(lines):
        out.append("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)))
        if n == 0:
            out.append("  ".join("-" * width for width in widths))
    return "\n".join(out)


def _columns(k_values: Sequence[int]) -> list[str]:
    return [f"recall_any@{k}" for k in k_values] + [f"recall_all@{k_values[-1]}", "mrr"]


def render_locomo(result: Mapping[str, Any]) -> str:
    ks = result["k_values"]
    groups = {
        arm: {"overall (1-4)": data["overall"], **data["by_category"]}
        for arm, data in result["arms"].items()
    }
    parts = [
        format_table(
            f"LoCoMo: {result['conversations']} conversations, "
            f"{result['questions']['scored']}/{result['questions']['total']} questions scored, "
            f"embedder {result['embedding_model']}",
            groups,
            [*_columns(ks), f"ndcg@{ks[-1]}"],
        )
    ]
    adversarial = result["adversarial"]
    for arm in result["arms"]:
        hits = adversarial.get(arm, {})
        parts.append(
            f"adversarial (category 5, {adversarial['scored']} scored) {arm}: false hits@"
            + ", @".join(f"{k}={hits.get(f'false_hits@{k}')}" for k in ks)
        )
    parts.append(_curation_lines(result["curation"]))
    if result.get("by_evidence_state"):
        parts.append(_state_lines(result))
    parts.append(f"wall time {result['timings']['total_s']:.1f} s; {_mlflow_line(result)}")
    return "\n".join(parts)


def render_longmemeval(result: Mapping[str, Any]) -> str:
    ks = result["k_values"]
    parts = []
    for level in ("turn", "session"):
        groups = {
            arm: {"overall": data[level]["overall"], **data[level]["by_type"]}
            for arm, data in result["arms"].items()
        }
        parts.append(
            format_table(
                f"LongMemEval {level} level: {result['questions']['scored']}/"
                f"{result['questions']['total']} questions scored "
                f"(skipped {result['questions']['skipped']}), embedder {result['embedding_model']}",
                groups,
                [*_columns(ks), f"ndcg@{ks[-1]}"],
            )
        )
    update = result["knowledge_update"]
    for arm in result["arms"]:
        values = update.get(arm, {})
        parts.append(
            f"knowledge-update ({update['questions']} q) {arm}: newer above older "
            f"{_cell(values.get('newer_above_older'))}, only stale in top-{ks[-1]} "
            f"{_cell(values.get('only_stale_in_top_k'))}"
        )
    if "stale_marked" in update:
        parts.append(
            f"knowledge-update after curation: stale evidence archived or contested "
            f"{_cell(update['stale_marked'])}, current evidence archived "
            f"{_cell(update['current_archived'])}"
        )
    parts.append(_curation_lines(result["curation"]))
    if result.get("by_evidence_state"):
        parts.append(_state_lines(result))
    parts.append(f"wall time {result['timings']['total_s']:.1f} s; {_mlflow_line(result)}")
    return "\n".join(parts)


def _state_lines(result: Mapping[str, Any]) -> str:
    """Raw vs curated split by whether the question's evidence survived curation."""
    top = result["k_values"][-1]
    metric = f"recall_any@{top}"
    labels = {"all_active": "evidence all active", "some_archived": "evidence partly archived"}
    parts = []
    for state, arms in result.get("by_evidence_state", {}).items():
        if not arms:
            continue
        n = next(iter(arms.values()))["n"]
        values = ", ".join(
            f"{arm} {_cell(v.get(metric))} (mrr {_cell(v.get('mrr'))})" for arm, v in arms.items()
        )
        parts.append(f"{labels.get(state, state)} ({n} q): {metric} {values}")
    return "\n".join(parts)


def _curation_lines(curation: Mapping[str, Any]) -> str:
    if not curation.get("ran"):
        return "curation: not run"
    return (
        f"curation: archived {curation['archived']}/{curation['memories']} "
        f"{dict(curation['archived_by_reason'])}, open conflicts {curation['open_conflicts']}; "
        f"gold evidence still active {_cell(curation['evidence_survival'])} "
        f"({curation['evidence_active']}/{curation['evidence_memories']}; archived by reason "
        f"{dict(curation['evidence_archived_by_reason'])}), represented "
        f"{_cell(curation['evidence_represented'])}"
    )


def _mlflow_line(result: Mapping[str, Any]) -> str:
    info = result.get("mlflow")
    if not info:
        return "MLflow: not logged"
    if "error" in info:
        return f"MLflow logging failed: {info['error']}"
    return f"MLflow run {info['run_id']} in {info['experiment']!r} at {info['tracking_uri']}"


def _emit(result: dict[str, Any], as_json: bool, rows: bool, render: Any) -> None:
    if as_json:
        payload = result if rows else {k: v for k, v in result.items() if k != "rows"}
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2, default=str))
    else:
        typer.echo(render(result))


def _check_path(path: Path) -> None:
    if not path.is_file():
        typer.echo(f"error: no such file: {path}", err=True)
        raise typer.Exit(2)


def locomo(
    path: Path = typer.Argument(..., help="Path to locomo10.json."),
    limit: int | None = typer.Option(None, "--limit", help="First N conversations only."),
    k: list[int] = K_OPTION,
    tenant_prefix: str = typer.Option("locomo", help="Tenants are <prefix>-<sample_id>."),
    no_curate: bool = NO_CURATE,
    no_mlflow: bool = NO_MLFLOW,
    as_json: bool = JSON_OPTION,
    rows: bool = ROWS_OPTION,
) -> None:
    """LoCoMo retrieval, raw vs curated recall, per category (logged to MLflow)."""
    from evaluation.benchmarks.runner import run_locomo

    _check_path(path)
    result = run_locomo(
        path,
        _open_store(),
        k_values=k,
        limit_conversations=limit,
        curate=not no_curate,
        tenant_prefix=tenant_prefix,
        log_mlflow=not no_mlflow,
        progress=_progress,
        embed_cache=cache_path(),
    )
    _emit(result, as_json, rows, render_locomo)


def longmemeval(
    path: Path = typer.Argument(..., help="Path to longmemeval_oracle.json."),
    limit: int | None = typer.Option(None, "--limit", help="First N questions only."),
    k: list[int] = K_OPTION,
    question_type: list[str] | None = typer.Option(
        None, "--type", help="Only these question types (repeatable)."
    ),
    tenant_prefix: str = typer.Option("longmemeval", help="Tenants are <prefix>-<question_id>."),
    no_curate: bool = NO_CURATE,
    no_mlflow: bool = NO_MLFLOW,
    as_json: bool = JSON_OPTION,
    rows: bool = ROWS_OPTION,
) -> None:
    """LongMemEval retrieval, raw vs curated, per question type (logged to MLflow).

    Turn level (has_answer) and session level (answer_session_ids); for knowledge-update
    questions, whether the newer answer outranks the stale one."""
    from evaluation.benchmarks.runner import run_longmemeval

    _check_path(path)
    result = run_longmemeval(
        path,
        _open_store(),
        k_values=k,
        limit_questions=limit,
        question_types=question_type or None,
        curate=not no_curate,
        tenant_prefix=tenant_prefix,
        log_mlflow=not no_mlflow,
        progress=_progress,
        embed_cache=cache_path(),
    )
    _emit(result, as_json, rows, render_longmemeval)


def render_timeqa(result: Mapping[str, Any]) -> str:
    k = result["k_values"][-1]
    metrics = ["current_first", "stale_first", "other_subject_first", "current_above_stale",
               "current_in_top5", f"current_in_top{k}"]  # fmt: skip
    groups = {
        arm: {"overall": data["overall"]} | data.get("by_split", {})
        for arm, data in result["arms"].items()
    }
    parse = result["parse"]
    parts = [
        format_table(
            f"TimeQA changing facts (no keys, wording {result.get('wording', 'benchmark')}): "
            f"{parse['facts']} facts, {parse['subjects']} "
            f"subjects, {parse['relations']} relations, {result['questions']['total']} "
            f"questions, embedder {result['embedding_model']}",
            groups,
            metrics,
        )
    ]
    if result.get("as_of"):
        parts.append(
            format_table(
                "asked at a past year (the value whose window holds it)",
                {arm: {"as_of": values} for arm, values in result["as_of"].items()},
                ["right_first", "other_window_first", f"right_in_top{k}"],
            )
        )
    if result.get("as_of_given"):
        parts.append(
            format_table(
                "asked at a past year, the year passed as recall's as_of",
                {arm: {"as_of": values} for arm, values in result["as_of_given"].items()},
                ["right_first", "other_window_first", f"right_in_top{k}"],
            )
        )
    curation = result["curation"]
    if curation.get("ran"):
        parts.append(
            f"curation: archived {curation['archived']}/{curation['memories']} "
            f"{curation['archived_by_reason']}, open conflicts {curation['open_conflicts']}; "
            f"archived by another subject's memory "
            f"{curation.get('superseded_by_another_subject', 0)}; "
            f"held changes {curation.get('held_changes', 0)} "
            f"({curation.get('held_changes_across_subjects', 0)} across subjects); "
            f"multi-valued (pointwise) memories still active "
            f"{_cell(curation['pointwise_still_active'])} of {curation['pointwise_memories']}"
        )
    parts.append(f"wall time {result['timings']['total_s']:.1f} s; {_mlflow_line(result)}")
    return "\n".join(parts)


def timeqa(
    path: Path = typer.Argument(..., help="The timeqa directory (relations.json + splits)."),
    k: int = typer.Option(10, "--k", "-k", help="Hits per recall."),
    relation: list[str] | None = typer.Option(
        None, "--relation", help="Only these Wikidata relations, e.g. P54 (repeatable)."
    ),
    tenant_prefix: str = typer.Option("timeqa", help="Tenants are <prefix>-<relation>."),
    wording: str = typer.Option(
        "benchmark", "--wording", help="A wording family of the facts, or 'all' (one run each)."
    ),
    no_curate: bool = NO_CURATE,
    no_mlflow: bool = NO_MLFLOW,
    as_json: bool = JSON_OPTION,
    rows: bool = ROWS_OPTION,
) -> None:
    """TimeQA changing facts without keys: is the current value first (raw, heuristic at
    0.05 and 0.10, curated), in one wording of the facts or in every one?"""
    from evaluation.benchmarks.mlflow_edge import log_benchmark
    from evaluation.benchmarks.timeqa_run import TIMEQA_EXPERIMENT, run_timeqa
    from evaluation.benchmarks.wordings import family_names

    families = family_names() if wording == "all" else [wording]
    if any(f not in family_names() for f in families):
        typer.echo(
            f"error: --wording={wording!r}: one of {', '.join(family_names())} or 'all'", err=True
        )
        raise typer.Exit(2)

    if not path.is_dir():
        typer.echo(f"error: no such directory: {path}", err=True)
        raise typer.Exit(2)
    if k < 1 or k > MAX_RECALL_K:
        typer.echo(f"error: --k must be in 1..{MAX_RECALL_K}, got {k}", err=True)
        raise typer.Exit(2)
    for family in families:
        result = run_timeqa(
            path,
            _open_store(),
            k=k,
            curate=not no_curate,
            tenant_prefix=tenant_prefix,
            relations=relation or None,
            embed_cache=cache_path(),
            progress=_progress,
            wording=family,
        )
        result["mlflow"] = None if no_mlflow else log_benchmark(result, TIMEQA_EXPERIMENT, None)
        _emit(result, as_json, rows, render_timeqa)


def holdout(
    set_name: str = typer.Option(
        "c", "--set", help="Hold-out set: a and b (read while tuning) or c (not yet read)."
    ),
    family: str = typer.Option("all", "--family", help="A wording family of the set, or 'all'."),
    k: int = typer.Option(10, "--k", "-k", help="Hits per recall."),
    no_curate: bool = NO_CURATE,
    no_mlflow: bool = NO_MLFLOW,
    as_json: bool = JSON_OPTION,
    rows: bool = ROWS_OPTION,
) -> None:
    """A hold-out set of changing facts on the store, one wording family at a time: is the
    current value first (raw, heuristic at 0.05 and 0.10, curated), and did curation
    archive anything on another subject's say-so?"""
    from evaluation.benchmarks.holdout_store import (
        UnknownHoldoutError,
        holdout_data,
        holdout_families,
    )
    from evaluation.benchmarks.mlflow_edge import log_benchmark
    from evaluation.benchmarks.timeqa_run import run_timeqa

    try:
        known = holdout_families(set_name)
        families = known if family == "all" else [family]
        data = [(f, holdout_data(set_name, f)) for f in families]
    except UnknownHoldoutError as error:
        typer.echo(f"error: --{error}", err=True)
        raise typer.Exit(2) from None
    if k < 1 or k > MAX_RECALL_K:
        typer.echo(f"error: --k must be in 1..{MAX_RECALL_K}, got {k}", err=True)
        raise typer.Exit(2)
    for name, workload in data:
        result = run_timeqa(
            f"holdout-{set_name}",
            _open_store(),
            k=k,
            curate=not no_curate,
            tenant_prefix=f"holdout-{set_name}-{name}".replace("_", "-"),
            embed_cache=cache_path(),
            progress=_progress,
            wording=name,
            data=workload,
        )
        result["mlflow"] = None if no_mlflow else log_benchmark(result, HOLDOUT_EXPERIMENT, None)
        _emit(result, as_json, rows, render_timeqa)


HOLDOUT_EXPERIMENT = "benchmark-holdout"


def render_pairs(result: Mapping[str, Any]) -> str:
    lines = [f"conflict detector on labeled benchmark pairs ({result['embedding_model']})"]
    for row in result["detectors"]:
        lines.append(
            f"{row['detector']:<13} precision {_cell(row['precision'])}  recall "
            f"{_cell(row['recall'])}  flagged {row['flagged']} of {row['pairs']} pairs "
            f"({row['positives']} true changes)"
        )
        for source, counts in row["by_source"].items():
            lines.append(f"    {source:<26} {counts['flagged']:>5} / {counts['pairs']}")
    return "\n".join(lines)


def conflict_pairs(
    timeqa_dir: Path | None = typer.Option(None, "--timeqa", help="The timeqa directory."),
    longmemeval_path: Path | None = typer.Option(
        None, "--longmemeval", help="longmemeval_oracle.json."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Precision / recall of the conflict detector on labeled pairs built from the shared
    benchmarks (nothing is copied): same-slot changes vs other subjects, questions,
    simultaneous values and events."""
    from curation import embedder_from_env
    from evaluation.benchmarks.pairs import evaluate

    if timeqa_dir is None and longmemeval_path is None:
        typer.echo("error: give --timeqa DIR and/or --longmemeval PATH", err=True)
        raise typer.Exit(2)
    if timeqa_dir is not None and not timeqa_dir.is_dir():
        typer.echo(f"error: no such directory: {timeqa_dir}", err=True)
        raise typer.Exit(2)
    if longmemeval_path is not None:
        _check_path(longmemeval_path)
    result = evaluate(
        embedder_from_env(), timeqa=timeqa_dir, longmemeval=longmemeval_path, cache=cache_path()
    )
    if as_json:
        typer.echo(json.dumps(result, indent=2))
    else:
        typer.echo(render_pairs(result))


def register(app: typer.Typer) -> None:
    """Add ``locomo`` and ``longmemeval`` to ``app`` (e.g. the ``eval`` sub-app)."""
    app.command("locomo")(with_progress("LoCoMo")(locomo))
    app.command("longmemeval")(with_progress("LongMemEval")(longmemeval))
    app.command("timeqa")(with_progress("TimeQA")(timeqa))
    app.command("holdout")(with_progress("hold-out")(holdout))
    app.command("conflict-pairs")(conflict_pairs)


if __name__ == "__main__":  # pragma: no cover - manual runs: python -m evaluation.benchmarks.cli
    cli = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    register(cli)
    cli(sys.argv[1:])
