"""LongMemEval (oracle) as a benchmark: per question one tenant
(``longmemeval-<question_id>``; a ``-rN`` suffix when those tenants already exist), its
sessions ingested one ``remember_many`` each, recalled raw and through the heuristic,
curated (every mechanic ``apply``) at the question date (or a minute after the last turn
when the data dates the question earlier), recalled curated (``record=False``).

Scored at turn level (``has_answer``) and session level (``answer_session_ids``), per
question type; an archived evidence turn is credited through its active representative
(``AfterCuration.stand_ins``). For knowledge-update questions: whether the newer answer
evidence ranks above the older one, how often only the stale one is recalled, and whether
curation marked the stale evidence (archived or contested).
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import typer

from curation import CurationPolicy, Embedder, MemoryStore, RecallMode
from evaluation.benchmarks import commands
from evaluation.benchmarks.evidence import (
    ARMS,
    EvidenceStates,
    by_evidence_state,
    curation_summary,
    evidence_states,
)
from evaluation.benchmarks.heuristic import newest_near_top
from evaluation.benchmarks.longmemeval import LongMemEvalDataset, load_longmemeval
from evaluation.benchmarks.mlflow_edge import Chart
from evaluation.benchmarks.plumbing import (
    AfterCuration,
    StoreFactory,
    curate_and_inspect,
    embedding_cache,
    free_suffix,
    ingest,
    open_store,
    recall_hits,
    recall_ids,
)
from evaluation.benchmarks.protocol import BenchmarkResult, Progress, RunOptions
from evaluation.benchmarks.report import (
    arm_metric,
    cell,
    closing_line,
    curation_lines,
    format_table,
    retrieval_columns,
    state_lines,
)
from evaluation.benchmarks.run import run_benchmark
from evaluation.benchmarks.scoring import (
    RetrievalScore,
    UpdateOrder,
    aggregate,
    aggregate_updates,
    checked_ks,
    delta,
    metric_names,
    score,
    share,
    timing_summary,
    update_order,
)
from evaluation.retrieval_metrics import dedupe, recall_any_at_k

LONGMEMEVAL_EXPERIMENT = "benchmark-longmemeval"
LONGMEMEVAL_MIN_DELAY = timedelta(minutes=1)


@dataclass(frozen=True)
class LongMemEval:
    """LongMemEval oracle retrieval, raw vs heuristic vs curated, per question type."""

    k_values: tuple[int, ...] = (1, 5, 10)
    limit_questions: int | None = None
    question_types: tuple[str, ...] | None = None
    tenant_prefix: str = "longmemeval"

    name = "longmemeval"
    title = "LongMemEval"
    experiment = LONGMEMEVAL_EXPERIMENT
    data = "longmemeval/longmemeval_oracle.json"
    headline = "turn.overall.recall_any@10"
    description = (
        "LongMemEval oracle retrieval (turn level) and knowledge-update order, raw vs "
        "heuristic vs curated, logged to MLflow (benchmark-longmemeval); skipped when absent."
    )

    def load(self, source: Path | str) -> LongMemEvalDataset:
        return load_longmemeval(source)

    def figures(self, result: BenchmarkResult) -> dict[str, float | None]:
        out = arm_metric(result, "turn", "overall", "recall_any@10")
        for arm, values in result["knowledge_update"].items():
            if isinstance(values, dict):
                out[f"newer_above_older.{arm}"] = values.get("newer_above_older")
        return out

    def chart(self, result: BenchmarkResult) -> Chart:
        arms = result["arms"]
        top = result["k_values"][-1]
        return f"recall_any@{top}", {arm: arms[arm]["turn"]["by_type"] for arm in arms}

    def render(self, result: BenchmarkResult) -> str:
        return render_longmemeval(result)

    def command(self) -> Callable[..., None]:
        return longmemeval_command

    def run(
        self,
        workload: LongMemEvalDataset,
        source: Path | str,
        store: MemoryStore,
        options: RunOptions,
    ) -> BenchmarkResult:
        """Retrieval metrics, raw vs curated, per question type, at turn level and session
        level; knowledge-update order (see the module doc)."""
        return _run(self, workload, source, store, options)


def _run(
    settings: LongMemEval,
    dataset: LongMemEvalDataset,
    source: Path | str,
    store: MemoryStore,
    options: RunOptions,
) -> BenchmarkResult:
    k_values, limit_questions = settings.k_values, settings.limit_questions
    question_types, tenant_prefix = settings.question_types, settings.tenant_prefix
    curate, progress = options.curate, options.progress
    embed_cache, policy = options.embed_cache, options.policy
    started = time.perf_counter()
    ks = checked_ks(k_values)
    top = ks[-1]
    names = metric_names(ks)
    wanted = set(question_types) if question_types is not None else None
    questions = [q for q in dataset.questions if wanted is None or q.question_type in wanted]
    questions = questions[:limit_questions]
    base = [f"{tenant_prefix}-{q.question_id}" for q in questions]
    suffix = free_suffix(store, base)

    rows: list[dict[str, Any]] = []
    levels = ("turn", "session")
    scores: dict[tuple[str, str], dict[str, list[RetrievalScore]]] = {
        (arm, level): defaultdict(list) for arm in ARMS for level in levels
    }
    update: dict[str, list[UpdateOrder]] = {arm: [] for arm in ARMS}
    update_marks: Counter[str] = Counter()
    timings: defaultdict[str, float] = defaultdict(float)
    curation: Counter[str] = Counter()
    archived_reasons: Counter[str] = Counter()
    evidence_reasons: Counter[str] = Counter()
    all_evidence_active: list[bool] = []
    by_state: EvidenceStates = evidence_states()
    representative_credit = 0
    skipped: Counter[str] = Counter()

    texts = [t.memory.content for q in questions for t in q.turns]
    if progress is not None:
        progress(f"embedding {len(texts) + len(questions)} turns and questions")
    with embedding_cache(store, texts + [q.question for q in questions], timings, embed_cache):
        for position, (question, name) in enumerate(zip(questions, base, strict=True)):
            tenant = name + suffix
            clock = time.perf_counter()
            ids = ingest(store, tenant, [[t.memory for t in s.turns] for s in question.sessions])
            timings["ingest_s"] += time.perf_counter() - clock
            session_of: dict[str, str] = {}
            for session in question.sessions:
                for turn in session.turns:
                    session_of.setdefault(ids[turn.memory.key], session.session_id)
            at = max(question.question_date, question.last_time + LONGMEMEVAL_MIN_DELAY)
            turn_gold = {ids[t.memory.key] for t in question.turns if t.has_answer}
            session_gold = set(question.answer_session_ids)
            pair = question.update_pair
            older: set[str] = set()
            newer: set[str] = set()
            if pair is not None:
                older_session, newer_session = pair
                older = {
                    ids[t.memory.key] for t in older_session.answer_turns or older_session.turns
                }
                newer = {
                    ids[t.memory.key] for t in newer_session.answer_turns or newer_session.turns
                }
                older -= newer  # a verbatim re-statement is not evidence of either age

            ranked: dict[str, list[str]] = {}
            clock = time.perf_counter()
            raw_hits = recall_hits(store, tenant, question.question, top, RecallMode.RAW, at)
            ranked["raw"] = [hit.id for hit in raw_hits]
            ranked["heuristic"] = newest_near_top(raw_hits)
            timings["raw_recall_s"] += time.perf_counter() - clock
            after: AfterCuration | None = None
            if curate:
                after = curate_and_inspect(store, tenant, at, policy)
                timings["curate_s"] += after.seconds
                clock = time.perf_counter()
                ranked["curated"] = recall_ids(
                    store, tenant, question.question, top, RecallMode.CURATED, at
                )
                timings["curated_recall_s"] += time.perf_counter() - clock
                curation["memories"] += len(set(ids.values()))
                curation["archived"] += len(after.archived)
                curation["open_conflicts"] += len(after.contested)
                archived_reasons.update(m.archive_reason or "?" for m in after.archived.values())

            row: dict[str, Any] = {
                "question_id": question.question_id,
                "tenant": tenant,
                "question_type": question.question_type,
                "abstention": question.abstention,
                "question": question.question,
                "answer": question.answer,
                "sessions": len(question.sessions),
                "turns": len(question.turns),
                "answer_turns": len(turn_gold),
            }
            scored = not question.abstention and bool(turn_gold)
            if question.abstention:
                skipped["abstention"] += 1
            elif not turn_gold:
                skipped["no_answer_turns"] += 1
            row["scored"] = scored
            state = None
            if scored and after is not None:
                needed = turn_gold - older  # the stale value is not a memory curation must keep
                curation["evidence_memories"] += len(needed)
                curation["evidence_active"] += sum(after.is_active(m) for m in needed)
                curation["evidence_represented"] += sum(
                    after.is_active(m) or after.representative(m) is not None for m in needed
                )
                evidence_reasons.update(
                    after.archived[m].archive_reason or "?" for m in needed if m in after.archived
                )
                all_evidence_active.append(all(after.is_active(m) for m in needed))
                state = "all_active" if all_evidence_active[-1] else "some_archived"
                row["evidence_active"] = f"{sum(after.is_active(m) for m in needed)}/{len(needed)}"

            for arm, hits in ranked.items():
                row[f"{arm}.top_sessions"] = " ".join(dedupe(session_of.get(h, "?") for h in hits))
                if not scored:
                    continue
                turn_hits = hits
                if arm == "curated" and after is not None:
                    turn_hits = after.stand_ins(hits, turn_gold)
                    if recall_any_at_k(turn_hits, turn_gold, top) > recall_any_at_k(
                        hits, turn_gold, top
                    ):
                        representative_credit += 1
                turn_scores = score(turn_hits, turn_gold, ks)
                session_ranked = dedupe(session_of.get(h, "?") for h in hits)
                session_scores = score(session_ranked, session_gold, ks) if session_gold else None
                scores[(arm, "turn")][question.question_type].append(turn_scores)
                if state is not None:
                    by_state[state][arm].append(turn_scores)
                for metric, value in turn_scores.metrics().items():
                    row[f"{arm}.turn.{metric}"] = value
                if session_scores is not None:
                    scores[(arm, "session")][question.question_type].append(session_scores)
                    for metric, value in session_scores.metrics().items():
                        row[f"{arm}.session.{metric}"] = value
                if pair is not None and older and newer:
                    older_credit, newer_credit = older, newer
                    if arm == "curated" and after is not None:
                        # stale folded into the current entry reads as current: ideal
                        newer_credit = after.credited(newer)
                        older_credit = after.credited(older) - newer_credit
                    order = update_order(hits, older_credit, newer_credit)
                    update[arm].append(order)
                    row[f"{arm}.update.older_rank"] = order.older_rank
                    row[f"{arm}.update.newer_rank"] = order.newer_rank
            if scored and pair is not None and older and newer and after is not None:
                update_marks["questions"] += 1
                stale_archived = any(not after.is_active(m) for m in older)
                stale_contested = bool(older & after.contested)
                current_archived = any(not after.is_active(m) for m in newer)
                update_marks["stale_archived"] += stale_archived
                update_marks["stale_contested"] += stale_contested
                update_marks["stale_marked"] += stale_archived or stale_contested
                update_marks["current_archived"] += current_archived
                row["update.stale_archived"] = stale_archived
                row["update.stale_contested"] = stale_contested
                row["update.current_archived"] = current_archived
            rows.append(row)
            if progress is not None and (position + 1) % 25 == 0:
                progress(f"{position + 1}/{len(questions)} questions")

    arms_out: dict[str, Any] = {}
    for arm in ARMS:
        if arm == "curated" and not curate:
            continue
        arms_out[arm] = {}
        for level in levels:
            groups = scores[(arm, level)]
            arms_out[arm][level] = {
                "overall": aggregate([s for g in groups.values() for s in g], names),
                "by_type": {t: aggregate(groups[t], names) for t in sorted(groups)},
            }

    knowledge_update: dict[str, Any] = {"questions": len(update["raw"])}
    for arm in arms_out:
        knowledge_update[arm] = aggregate_updates(update[arm])
    if curate:
        n = update_marks["questions"]
        knowledge_update["stale_marked"] = share(update_marks["stale_marked"], n)
        knowledge_update["stale_archived"] = share(update_marks["stale_archived"], n)
        knowledge_update["stale_contested"] = share(update_marks["stale_contested"], n)
        knowledge_update["current_archived"] = share(update_marks["current_archived"], n)

    deltas: dict[str, Any] = {}
    if "curated" in arms_out:
        for level in levels:
            raw_level, cur_level = arms_out["raw"][level], arms_out["curated"][level]
            deltas[level] = {
                "overall": delta(cur_level["overall"], raw_level["overall"]),
                "by_type": {
                    t: delta(cur_level["by_type"][t], raw_level["by_type"].get(t, {}))
                    for t in cur_level["by_type"]
                },
            }

    result: BenchmarkResult = {
        "benchmark": "longmemeval",
        "dataset": str(source),
        "embedding_model": store.embedding_model,
        "k_values": list(ks),
        "tenant_prefix": tenant_prefix + suffix if suffix else tenant_prefix,
        "parse": dataset.summary(),
        "questions": {
            "total": len(rows),
            "scored": sum(1 for r in rows if r["scored"]),
            "skipped": dict(skipped),
            "by_type": dict(Counter(r["question_type"] for r in rows)),
        },
        "arms": arms_out,
        "delta": deltas,
        "knowledge_update": knowledge_update,
        "curation": curation_summary(
            curate, curation, archived_reasons, evidence_reasons, all_evidence_active
        )
        | ({"representative_credit": representative_credit} if curate else {}),
        "by_evidence_state": by_evidence_state(by_state, names) if curate else {},
        "timings": timing_summary(timings, started),
        "rows": rows,
    }
    return result


def render_longmemeval(result: BenchmarkResult) -> str:
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
                retrieval_columns(ks),
            )
        )
    update = result["knowledge_update"]
    for arm in result["arms"]:
        values = update.get(arm, {})
        parts.append(
            f"knowledge-update ({update['questions']} q) {arm}: newer above older "
            f"{cell(values.get('newer_above_older'))}, only stale in top-{ks[-1]} "
            f"{cell(values.get('only_stale_in_top_k'))}"
        )
    if "stale_marked" in update:
        parts.append(
            f"knowledge-update after curation: stale evidence archived or contested "
            f"{cell(update['stale_marked'])}, current evidence archived "
            f"{cell(update['current_archived'])}"
        )
    parts.append(curation_lines(result["curation"]))
    if result.get("by_evidence_state"):
        parts.append(state_lines(result))
    parts.append(closing_line(result))
    return "\n".join(parts)


def longmemeval_command(
    path: Path = typer.Argument(..., help="Path to longmemeval_oracle.json."),
    limit: int | None = typer.Option(None, "--limit", help="First N questions only."),
    k: list[int] = commands.K_OPTION,
    question_type: list[str] | None = typer.Option(
        None, "--type", help="Only these question types (repeatable)."
    ),
    tenant_prefix: str = typer.Option("longmemeval", help="Tenants are <prefix>-<question_id>."),
    no_curate: bool = commands.NO_CURATE,
    no_mlflow: bool = commands.NO_MLFLOW,
    as_json: bool = commands.JSON_OPTION,
    rows: bool = commands.ROWS_OPTION,
) -> None:
    """LongMemEval retrieval, raw vs curated, per question type (logged to MLflow).

    Turn level (has_answer) and session level (answer_session_ids); for knowledge-update
    questions, whether the newer answer outranks the stale one."""
    commands.check_file(path)
    types = tuple(question_type) if question_type else None
    benchmark = LongMemEval(tuple(k), limit, types, tenant_prefix)
    commands.run_and_print(
        benchmark, path, no_curate=no_curate, no_mlflow=no_mlflow, as_json=as_json, rows=rows
    )


def run_longmemeval(
    path: str | Path,
    store_factory: StoreFactory,
    *,
    k_values: Iterable[int] = (1, 5, 10),
    limit_questions: int | None = None,
    question_types: Iterable[str] | None = None,
    curate: bool = True,
    embedder: Embedder | None = None,
    tenant_prefix: str = "longmemeval",
    log_mlflow: bool = True,
    tracking_uri: str | None = None,
    experiment: str = LONGMEMEVAL_EXPERIMENT,
    progress: Progress | None = None,
    embed_cache: Path | None = None,
    policy: CurationPolicy | None = None,
) -> dict[str, Any]:
    """LongMemEval on a store (or a store factory) in one call: ``run_benchmark`` with
    these settings, logged to MLflow unless ``log_mlflow=False``."""
    types = tuple(question_types) if question_types is not None else None
    benchmark = LongMemEval(tuple(k_values), limit_questions, types, tenant_prefix)
    result = run_benchmark(
        benchmark,
        path,
        open_store(store_factory, embedder),
        RunOptions(curate, embed_cache, progress, policy),
        log_mlflow=log_mlflow,
        tracking_uri=tracking_uri,
        experiment=experiment,
    )
    return dict(result)
