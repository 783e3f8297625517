"""LoCoMo as a benchmark: per conversation one tenant (``locomo-conv-26``; a ``-rN`` suffix
when those tenants already exist, so re-runs never mix with old state):

1. ingest the turns with ``remember_many``, one batch per session, ``now`` = the end of
   the session (turns keep their own ``created_at``);
2. recall every question in RAW mode with k = max(k_values) and score it, and score the
   heuristic arm (``heuristic.newest_near_top`` over the same raw hits);
3. set the tenant's policy to apply every mechanic and run ``curate(apply=True)`` an hour
   after the last turn;
4. recall again in CURATED mode (``record=False``: scoring must not vote) and score it.

Relevance: the gold evidence memories. In the curated arm an archived evidence memory is
also credited through its active representative (the survivor it was merged into or
filed beneath, following ``superseded_by`` / ``parent_id``), since that entry now carries
its statement: the representative's position in the hit list counts as the evidence's
(``AfterCuration.stand_ins``); ``representative_credit`` counts the questions where that
decided a hit. Decayed evidence has no representative and simply misses.

Metrics per question: recall_any@k, recall_all@k, ndcg@k for each k, mrr (first relevant
within max k) and rank; averaged per category and overall (categories 1-4). Also
reported: the share of gold evidence memories still active after curation (curation must
not destroy what questions need) and category-5 false hits (the adversarial premise turn
recalled).
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
from evaluation.benchmarks.locomo import (
    ADVERSARIAL,
    CATEGORY_NAMES,
    LocomoConversation,
    LocomoDataset,
    LocomoQA,
    load_locomo,
)
from evaluation.benchmarks.mlflow_edge import Chart
from evaluation.benchmarks.plumbing import AfterCuration, embedding_cache, free_suffix
from evaluation.benchmarks.protocol import BenchmarkResult, RunOptions
from evaluation.benchmarks.report import (
    arm_metric,
    evidence_closing,
    per_arm,
    retrieval_table,
    top_recall_chart,
)
from evaluation.benchmarks.retrieval_run import RetrievalRun
from evaluation.benchmarks.scoring import RetrievalScore, aggregate, delta, score
from evaluation.retrieval_metrics import mean

LOCOMO_EXPERIMENT = "benchmark-locomo"
LOCOMO_QUERY_DELAY = timedelta(hours=1)


@dataclass(frozen=True)
class LoCoMo:
    """LoCoMo retrieval, raw vs heuristic vs curated, per category."""

    k_values: tuple[int, ...] = (1, 5, 10)
    limit_conversations: int | None = None
    tenant_prefix: str = "locomo"
    include_captions: bool = True

    name = "locomo"
    title = "LoCoMo"
    experiment = LOCOMO_EXPERIMENT
    data = "locomo/locomo10.json"
    headline = "overall.recall_any@10"
    description = (
        "LoCoMo retrieval, raw vs heuristic vs curated, logged to MLflow "
        "(benchmark-locomo); skipped when the data is absent."
    )

    def load(self, source: Path | str) -> LocomoDataset:
        return load_locomo(source, include_captions=self.include_captions)

    def figures(self, result: BenchmarkResult) -> dict[str, float | None]:
        return arm_metric(result, "overall", "recall_any@10")

    def chart(self, result: BenchmarkResult) -> Chart:
        return top_recall_chart(result, "by_category")

    def render(self, result: BenchmarkResult) -> str:
        """The report ``memgov eval locomo`` prints."""
        ks = result["k_values"]
        parts = [
            retrieval_table(
                f"LoCoMo: {result['conversations']} conversations, "
                f"{result['questions']['scored']}/{result['questions']['total']} questions scored, "
                f"embedder {result['embedding_model']}",
                result,
                lambda figures: {"overall (1-4)": figures["overall"], **figures["by_category"]},
            )
        ]
        scored = result["adversarial"]["scored"]
        parts += [
            f"adversarial (category 5, {scored} scored) {arm}: false hits@"
            + ", @".join(f"{k}={hits.get(f'false_hits@{k}')}" for k in ks)
            for arm, hits in per_arm(result, "adversarial")
        ]
        return "\n".join([*parts, *evidence_closing(result)])

    def command(self) -> Callable[..., None]:
        return locomo_command

    def run(
        self, workload: LocomoDataset, source: Path | str, store: MemoryStore, options: RunOptions
    ) -> BenchmarkResult:
        """Retrieval metrics, raw vs curated, per category (see the module doc)."""
        run = _Run(self.k_values, store, options)
        conversations = workload.conversations[: self.limit_conversations]
        base = [f"{self.tenant_prefix}-{c.sample_id}" for c in conversations]
        suffix = free_suffix(store, base)
        tenants = {c.sample_id: n + suffix for c, n in zip(conversations, base, strict=True)}
        texts = [t.content for c in conversations for t in c.turns]
        texts += [qa.question for c in conversations for qa in c.qa]
        if options.progress is not None:
            options.progress(f"embedding {len(texts)} turns and questions")
        with embedding_cache(store, texts, run.timings, options.embed_cache):
            for position, conversation in enumerate(conversations):
                run.conversation(position, conversation, tenants[conversation.sample_id])
        rows = run.rows
        result = run.head("locomo", source) | {
            "conversations": len(conversations),
            "tenants": tenants,
            "parse": workload.summary(),
            "questions": {
                "total": len(rows),
                "scored": sum(1 for r in rows if r["scored"]),
                "no_evidence": sum(1 for r in rows if not r["scored"]),
                "by_category": dict(Counter(r["category_name"] for r in rows)),
            },
            **run.arms(conversations),
            **run.tally.summary(options.curate, run.names),
            "per_conversation": (
                run.per_conversation if options.curate else {"raw": run.per_conversation["raw"]}
            ),
        }
        return cast(BenchmarkResult, result | run.tail())


class _Run(RetrievalRun):
    """A LoCoMo run: scores per arm and category, and per conversation."""

    def __init__(self, k_values: Sequence[int], store: MemoryStore, options: RunOptions) -> None:
        super().__init__(k_values, store, options)
        self.scores: dict[str, dict[str, list[RetrievalScore]]] = {
            a: defaultdict(list) for a in ARMS
        }
        self.per_conversation: dict[str, list[dict[str, Any]]] = {a: [] for a in ARMS}

    def conversation(self, position: int, conversation: LocomoConversation, tenant: str) -> None:
        """Ingest one conversation into its tenant, ask its questions in every arm, score."""
        ids = self.ingest(tenant, [s.turns for s in conversation.sessions])
        key_of: dict[str, str] = {}
        for key, memory_id in ids.items():
            key_of.setdefault(memory_id, key)
        at = conversation.last_time + LOCOMO_QUERY_DELAY
        questions = [(qa, {ids[e] for e in qa.evidence if e in ids}) for qa in conversation.qa]
        asked = [qa.question for qa, _ in questions]
        ranked: dict[str, list[list[str]]] = {}
        ranked["raw"], ranked["heuristic"] = self.raw(tenant, asked, at)
        curated = self.curate(tenant, asked, at, len(set(ids.values())))
        after: AfterCuration | None = None
        if curated is not None:
            after, ranked["curated"] = curated
            self.tally.evidence(after, {m for _, rel in questions for m in rel})

        scores: dict[str, list[RetrievalScore]] = {a: [] for a in ARMS}
        for n, (qa, relevant) in enumerate(questions):
            hits = {arm: lists[n] for arm, lists in ranked.items()}
            self.rows.append(self.question(qa, relevant, tenant, after, key_of, hits, scores))
        for arm in ARMS:
            if scores[arm]:
                self.per_conversation[arm].append(
                    {"sample_id": conversation.sample_id, "step": position}
                    | aggregate(scores[arm], self.names)
                )
        if self.options.progress is not None:
            line = (
                f"{tenant}: {len(ids)} turns, {len(questions)} questions, "
                f"raw recall_any@{self.top}={self.now(scores['raw'])}"
            )
            if after is not None:
                line += f", curated={self.now(scores['curated'])}, archived {len(after.archived)}"
            self.options.progress(line)

    def question(
        self,
        qa: LocomoQA,
        relevant: set[str],
        tenant: str,
        after: AfterCuration | None,
        key_of: Mapping[str, str],
        ranked: Mapping[str, list[str]],
        scores: Mapping[str, list[RetrievalScore]],
    ) -> dict[str, Any]:
        """One question's row from its ranked ids per arm, its scores added per arm (and to
        the conversation's ``scores``)."""
        row: dict[str, Any] = {
            "sample_id": qa.sample_id,
            "tenant": tenant,
            "qa_index": qa.index,
            "category": qa.category,
            "category_name": qa.category_name,
            "question": qa.question,
            "evidence": " ".join(qa.evidence),
            "scored": bool(relevant),
        }
        state = None
        if after is not None and relevant and qa.category != ADVERSARIAL:
            intact = all(after.is_active(m) for m in relevant)
            state = "all_active" if intact else "some_archived"
        for arm in ARMS:
            if arm == "curated" and after is None:
                continue
            hits = ranked[arm]
            row[f"{arm}.top"] = " ".join(key_of.get(h, "?") for h in hits)
            if not relevant:
                continue
            if arm == "curated" and after is not None:
                hits = self.tally.credited(after, hits, relevant, self.top)
            metrics = score(hits, relevant, self.ks)
            for name, value in metrics.metrics().items():
                row[f"{arm}.{name}"] = value
            self.scores[arm][qa.category_name].append(metrics)
            if qa.category != ADVERSARIAL:
                scores[arm].append(metrics)
            if state is not None:
                self.tally.by_state[state][arm].append(metrics)
        if after is not None and relevant:
            active = sum(after.is_active(m) for m in relevant)
            row["evidence_active"] = f"{active}/{len(relevant)}"
            if qa.category != ADVERSARIAL:
                self.tally.all_evidence_active.append(active == len(relevant))
        return row

    def now(self, scores: list[RetrievalScore]) -> str:
        """recall_any at the top cutoff so far, for the progress line."""
        value = aggregate(scores, self.names)[f"recall_any@{self.top}"]
        return "-" if value is None else f"{value:.3f}"

    def arms(self, conversations: list[LocomoConversation]) -> dict[str, Any]:
        """The result's ``arms``, ``delta`` and ``adversarial`` entries."""
        arms_out: dict[str, Any] = {}
        for arm in ARMS:
            if arm == "curated" and not self.options.curate:
                continue
            by_category = {
                name: aggregate(self.scores[arm][name], self.names)
                for name in sorted(self.scores[arm], key=_category_order)
            }
            answerable = [
                s
                for name, group in self.scores[arm].items()
                if name != CATEGORY_NAMES[ADVERSARIAL]
                for s in group
            ]
            arms_out[arm] = {
                "overall": aggregate(answerable, self.names),
                "by_category": by_category,
            }
        adversarial_name = CATEGORY_NAMES[ADVERSARIAL]
        adversarial: dict[str, Any] = {
            "questions": sum(1 for c in conversations for qa in c.qa if qa.category == ADVERSARIAL),
            "scored": len(self.scores["raw"].get(adversarial_name, [])),
        }
        for arm in arms_out:
            group = self.scores[arm].get(adversarial_name, [])
            adversarial[arm] = {
                **{f"false_hits@{k}": int(sum(s.recall_any[k] for s in group)) for k in self.ks},
                **{f"false_hit_rate@{k}": mean(s.recall_any[k] for s in group) for k in self.ks},
            }
        return {"arms": arms_out, "delta": _deltas(arms_out), "adversarial": adversarial}


def _category_order(name: str) -> tuple[int, str]:
    order = {v: k for k, v in CATEGORY_NAMES.items()}
    return order.get(name, 99), name


def _deltas(arms: Mapping[str, Any]) -> dict[str, Any]:
    if "curated" not in arms:
        return {}
    raw, curated = arms["raw"], arms["curated"]
    return {
        "overall": delta(curated["overall"], raw["overall"]),
        "by_category": {
            name: delta(curated["by_category"][name], raw["by_category"].get(name, {}))
            for name in curated["by_category"]
        },
    }


def locomo_command(
    path: Path = typer.Argument(..., help="Path to locomo10.json."),
    limit: int | None = typer.Option(None, "--limit", help="First N conversations only."),
    k: list[int] = commands.K_OPTION,
    tenant_prefix: str = typer.Option("locomo", help="Tenants are <prefix>-<sample_id>."),
    no_curate: bool = commands.NO_CURATE,
    no_mlflow: bool = commands.NO_MLFLOW,
    as_json: bool = commands.JSON_OPTION,
    rows: bool = commands.ROWS_OPTION,
) -> None:
    """LoCoMo retrieval, raw vs curated recall, per category (logged to MLflow)."""
    commands.check_file(path)
    benchmark = LoCoMo(tuple(k), limit, tenant_prefix)
    commands.run_and_print(
        benchmark, path, no_curate=no_curate, no_mlflow=no_mlflow, as_json=as_json, rows=rows
    )
