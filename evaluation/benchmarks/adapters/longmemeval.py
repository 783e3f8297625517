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

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, cast

import typer

from curation import MemoryStore
from evaluation.benchmarks import commands
from evaluation.benchmarks.evidence import ARMS
from evaluation.benchmarks.longmemeval import (
    LongMemEvalDataset,
    LongMemEvalQuestion,
    load_longmemeval,
)
from evaluation.benchmarks.mlflow_edge import Chart
from evaluation.benchmarks.plumbing import AfterCuration, embedding_cache, free_suffix
from evaluation.benchmarks.protocol import BenchmarkResult, RunOptions
from evaluation.benchmarks.report import (
    arm_metric,
    cell,
    evidence_closing,
    per_arm,
    retrieval_table,
    top_recall_chart,
)
from evaluation.benchmarks.retrieval_run import RetrievalRun
from evaluation.benchmarks.scoring import (
    RetrievalScore,
    UpdateOrder,
    aggregate,
    aggregate_updates,
    delta,
    score,
    share,
    update_order,
)
from evaluation.retrieval_metrics import dedupe

LONGMEMEVAL_EXPERIMENT = "benchmark-longmemeval"
LONGMEMEVAL_MIN_DELAY = timedelta(minutes=1)
LEVELS = ("turn", "session")


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
        return top_recall_chart(result, "turn", "by_type")

    def render(self, result: BenchmarkResult) -> str:
        """The report ``memgov eval longmemeval`` prints."""
        questions = result["questions"]
        parts = [
            retrieval_table(
                f"LongMemEval {level} level: {questions['scored']}/{questions['total']} questions "
                f"scored (skipped {questions['skipped']}), embedder {result['embedding_model']}",
                result,
                _level(level),
            )
            for level in LEVELS
        ]
        update = result["knowledge_update"]
        parts += [
            f"knowledge-update ({update['questions']} q) {arm}: newer above older "
            f"{cell(values.get('newer_above_older'))}, only stale in top-{result['k_values'][-1]} "
            f"{cell(values.get('only_stale_in_top_k'))}"
            for arm, values in per_arm(result, "knowledge_update")
        ]
        if "stale_marked" in update:
            parts.append(
                f"knowledge-update after curation: stale evidence archived or contested "
                f"{cell(update['stale_marked'])}, current evidence archived "
                f"{cell(update['current_archived'])}"
            )
        return "\n".join([*parts, *evidence_closing(result)])

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
        run = _Run(self.k_values, store, options)
        wanted = set(self.question_types) if self.question_types is not None else None
        questions = [q for q in workload.questions if wanted is None or q.question_type in wanted]
        questions = questions[: self.limit_questions]
        base = [f"{self.tenant_prefix}-{q.question_id}" for q in questions]
        suffix = free_suffix(store, base)
        texts = [t.memory.content for q in questions for t in q.turns]
        if options.progress is not None:
            options.progress(f"embedding {len(texts) + len(questions)} turns and questions")
        texts += [q.question for q in questions]
        with embedding_cache(store, texts, run.timings, options.embed_cache):
            for position, (question, name) in enumerate(zip(questions, base, strict=True)):
                run.rows.append(run.question(question, name + suffix))
                if options.progress is not None and (position + 1) % 25 == 0:
                    options.progress(f"{position + 1}/{len(questions)} questions")
        rows = run.rows
        result = run.head("longmemeval", source) | {
            "tenant_prefix": self.tenant_prefix + suffix if suffix else self.tenant_prefix,
            "parse": workload.summary(),
            "questions": {
                "total": len(rows),
                "scored": sum(1 for r in rows if r["scored"]),
                "skipped": dict(run.skipped),
                "by_type": dict(Counter(r["question_type"] for r in rows)),
            },
            **run.arms(),
            **run.tally.summary(options.curate, run.names),
        }
        return cast(BenchmarkResult, result | run.tail())


class _Run(RetrievalRun):
    """A LongMemEval run: scores per arm, level and question type, knowledge-update order."""

    def __init__(self, k_values: Sequence[int], store: MemoryStore, options: RunOptions) -> None:
        super().__init__(k_values, store, options)
        self.scores: dict[tuple[str, str], dict[str, list[RetrievalScore]]] = {
            (arm, level): defaultdict(list) for arm in ARMS for level in LEVELS
        }
        self.update: dict[str, list[UpdateOrder]] = {arm: [] for arm in ARMS}
        self.update_marks: Counter[str] = Counter()
        self.skipped: Counter[str] = Counter()

    def question(self, question: LongMemEvalQuestion, tenant: str) -> dict[str, Any]:
        """Ingest one question's sessions into its tenant, ask it in every arm: its row."""
        top = self.top
        ids = self.ingest(tenant, [[t.memory for t in s.turns] for s in question.sessions])
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
            older = {ids[t.memory.key] for t in older_session.answer_turns or older_session.turns}
            newer = {ids[t.memory.key] for t in newer_session.answer_turns or newer_session.turns}
            older -= newer  # a verbatim re-statement is not evidence of either age

        [raw], [heuristic] = self.raw(tenant, [question.question], at)
        ranked = {"raw": raw, "heuristic": heuristic}
        curated = self.curate(tenant, [question.question], at, len(set(ids.values())))
        after: AfterCuration | None = None
        if curated is not None:
            after, [ranked["curated"]] = curated

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
            self.skipped["abstention"] += 1
        elif not turn_gold:
            self.skipped["no_answer_turns"] += 1
        row["scored"] = scored
        state = None
        if scored and after is not None:
            needed = turn_gold - older  # the stale value is not a memory curation must keep
            self.tally.evidence(after, needed)
            self.tally.all_evidence_active.append(all(after.is_active(m) for m in needed))
            state = "all_active" if self.tally.all_evidence_active[-1] else "some_archived"
            row["evidence_active"] = f"{sum(after.is_active(m) for m in needed)}/{len(needed)}"

        for arm, hits in ranked.items():
            row[f"{arm}.top_sessions"] = " ".join(dedupe(session_of.get(h, "?") for h in hits))
            if not scored:
                continue
            turn_hits = hits
            if arm == "curated" and after is not None:
                turn_hits = self.tally.credited(after, hits, turn_gold, top)
            turn_scores = score(turn_hits, turn_gold, self.ks)
            session_ranked = dedupe(session_of.get(h, "?") for h in hits)
            session_scores = score(session_ranked, session_gold, self.ks) if session_gold else None
            self.scores[(arm, "turn")][question.question_type].append(turn_scores)
            if state is not None:
                self.tally.by_state[state][arm].append(turn_scores)
            for metric, value in turn_scores.metrics().items():
                row[f"{arm}.turn.{metric}"] = value
            if session_scores is not None:
                self.scores[(arm, "session")][question.question_type].append(session_scores)
                for metric, value in session_scores.metrics().items():
                    row[f"{arm}.session.{metric}"] = value
            if pair is not None and older and newer:
                older_credit, newer_credit = older, newer
                if arm == "curated" and after is not None:
                    # stale folded into the current entry reads as current: ideal
                    newer_credit = after.credited(newer)
                    older_credit = after.credited(older) - newer_credit
                order = update_order(hits, older_credit, newer_credit)
                self.update[arm].append(order)
                row[f"{arm}.update.older_rank"] = order.older_rank
                row[f"{arm}.update.newer_rank"] = order.newer_rank
        if scored and pair is not None and older and newer and after is not None:
            row |= self.marks(after, older, newer)
        return row

    def marks(self, after: AfterCuration, older: set[str], newer: set[str]) -> dict[str, bool]:
        """Whether curation marked a knowledge update's stale evidence (archived or
        contested) or archived its current one: the row's entries, counted."""
        stale_archived = any(not after.is_active(m) for m in older)
        stale_contested = bool(older & after.contested)
        current_archived = any(not after.is_active(m) for m in newer)
        self.update_marks["questions"] += 1
        self.update_marks["stale_archived"] += stale_archived
        self.update_marks["stale_contested"] += stale_contested
        self.update_marks["stale_marked"] += stale_archived or stale_contested
        self.update_marks["current_archived"] += current_archived
        return {
            "update.stale_archived": stale_archived,
            "update.stale_contested": stale_contested,
            "update.current_archived": current_archived,
        }

    def arms(self) -> dict[str, Any]:
        """The result's ``arms``, ``delta`` and ``knowledge_update`` entries."""
        arms_out: dict[str, Any] = {}
        for arm in ARMS:
            if arm == "curated" and not self.options.curate:
                continue
            arms_out[arm] = {}
            for level in LEVELS:
                groups = self.scores[(arm, level)]
                arms_out[arm][level] = {
                    "overall": aggregate([s for g in groups.values() for s in g], self.names),
                    "by_type": {t: aggregate(groups[t], self.names) for t in sorted(groups)},
                }

        knowledge_update: dict[str, Any] = {"questions": len(self.update["raw"])}
        for arm in arms_out:
            knowledge_update[arm] = aggregate_updates(self.update[arm])
        if self.options.curate:
            n = self.update_marks["questions"]
            for mark in ("stale_marked", "stale_archived", "stale_contested", "current_archived"):
                knowledge_update[mark] = share(self.update_marks[mark], n)

        deltas: dict[str, Any] = {}
        if "curated" in arms_out:
            for level in LEVELS:
                raw_level, cur_level = arms_out["raw"][level], arms_out["curated"][level]
                deltas[level] = {
                    "overall": delta(cur_level["overall"], raw_level["overall"]),
                    "by_type": {
                        t: delta(cur_level["by_type"][t], raw_level["by_type"].get(t, {}))
                        for t in cur_level["by_type"]
                    },
                }
        return {"arms": arms_out, "delta": deltas, "knowledge_update": knowledge_update}


def _level(level: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """An arm's groups at one level: overall, then per question type."""
    return lambda figures: {"overall": figures[level]["overall"], **figures[level]["by_type"]}


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
