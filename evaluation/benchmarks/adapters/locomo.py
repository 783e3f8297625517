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

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
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
from evaluation.benchmarks.locomo import ADVERSARIAL, CATEGORY_NAMES, LocomoDataset, load_locomo
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
    closing_line,
    curation_lines,
    format_table,
    retrieval_columns,
    state_lines,
)
from evaluation.benchmarks.run import run_benchmark
from evaluation.benchmarks.scoring import (
    RetrievalScore,
    aggregate,
    checked_ks,
    delta,
    metric_names,
    score,
    timing_summary,
)
from evaluation.retrieval_metrics import mean, recall_any_at_k

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
        arms = result["arms"]
        top = result["k_values"][-1]
        return f"recall_any@{top}", {arm: arms[arm]["by_category"] for arm in arms}

    def render(self, result: BenchmarkResult) -> str:
        return render_locomo(result)

    def command(self) -> Callable[..., None]:
        return locomo_command

    def run(
        self, workload: LocomoDataset, source: Path | str, store: MemoryStore, options: RunOptions
    ) -> BenchmarkResult:
        """Retrieval metrics, raw vs curated, per category (see the module doc)."""
        return _run(self, workload, source, store, options)


def _run(
    settings: LoCoMo,
    dataset: LocomoDataset,
    source: Path | str,
    store: MemoryStore,
    options: RunOptions,
) -> BenchmarkResult:
    k_values, limit_conversations = settings.k_values, settings.limit_conversations
    tenant_prefix, curate, progress = settings.tenant_prefix, options.curate, options.progress
    embed_cache, policy = options.embed_cache, options.policy
    started = time.perf_counter()
    ks = checked_ks(k_values)
    top = ks[-1]
    names = metric_names(ks)
    conversations = dataset.conversations[:limit_conversations]
    base = [f"{tenant_prefix}-{c.sample_id}" for c in conversations]
    suffix = free_suffix(store, base)
    tenants = {c.sample_id: name + suffix for c, name in zip(conversations, base, strict=True)}

    rows: list[dict[str, Any]] = []
    scores: dict[str, dict[str, list[RetrievalScore]]] = {a: defaultdict(list) for a in ARMS}
    per_conversation: dict[str, list[dict[str, Any]]] = {a: [] for a in ARMS}
    timings: defaultdict[str, float] = defaultdict(float)
    curation = Counter[str]()
    archived_reasons: Counter[str] = Counter()
    evidence_reasons: Counter[str] = Counter()
    representative_credit = 0
    all_evidence_active: list[bool] = []
    by_state: EvidenceStates = evidence_states()

    texts = [t.content for c in conversations for t in c.turns]
    texts += [qa.question for c in conversations for qa in c.qa]
    if progress is not None:
        progress(f"embedding {len(texts)} turns and questions")
    with embedding_cache(store, texts, timings, embed_cache):
        for position, conversation in enumerate(conversations):
            tenant = tenants[conversation.sample_id]
            clock = time.perf_counter()
            ids = ingest(store, tenant, [s.turns for s in conversation.sessions])
            timings["ingest_s"] += time.perf_counter() - clock
            key_of: dict[str, str] = {}
            for key, memory_id in ids.items():
                key_of.setdefault(memory_id, key)
            at = conversation.last_time + LOCOMO_QUERY_DELAY

            questions = []
            for qa in conversation.qa:
                relevant = {ids[e] for e in qa.evidence if e in ids}
                questions.append((qa, relevant))

            ranked: dict[str, list[list[str]]] = {a: [] for a in ARMS}
            clock = time.perf_counter()
            for qa, _ in questions:
                raw_hits = recall_hits(store, tenant, qa.question, top, RecallMode.RAW, at)
                ranked["raw"].append([hit.id for hit in raw_hits])
                ranked["heuristic"].append(newest_near_top(raw_hits))
            timings["raw_recall_s"] += time.perf_counter() - clock

            after: AfterCuration | None = None
            if curate:
                after = curate_and_inspect(store, tenant, at, policy)
                timings["curate_s"] += after.seconds
                clock = time.perf_counter()
                for qa, _ in questions:
                    ranked["curated"].append(
                        recall_ids(store, tenant, qa.question, top, RecallMode.CURATED, at)
                    )
                timings["curated_recall_s"] += time.perf_counter() - clock
                memories = len(set(ids.values()))
                curation["memories"] += memories
                curation["archived"] += len(after.archived)
                curation["open_conflicts"] += len(after.contested)
                archived_reasons.update(m.archive_reason or "?" for m in after.archived.values())
                gold = {m for _, rel in questions for m in rel}
                curation["evidence_memories"] += len(gold)
                curation["evidence_active"] += sum(after.is_active(m) for m in gold)
                curation["evidence_represented"] += sum(
                    after.is_active(m) or after.representative(m) is not None for m in gold
                )
                evidence_reasons.update(
                    after.archived[m].archive_reason or "?" for m in gold if m in after.archived
                )

            conversation_scores: dict[str, list[RetrievalScore]] = {a: [] for a in ARMS}
            for n, (qa, relevant) in enumerate(questions):
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
                    hits = ranked[arm][n]
                    row[f"{arm}.top"] = " ".join(key_of.get(h, "?") for h in hits)
                    if not relevant:
                        continue
                    if arm == "curated" and after is not None:
                        credited = after.stand_ins(hits, relevant)
                        if recall_any_at_k(credited, relevant, top) > recall_any_at_k(
                            hits, relevant, top
                        ):
                            representative_credit += 1
                        hits = credited
                    metrics = score(hits, relevant, ks)
                    for name, value in metrics.metrics().items():
                        row[f"{arm}.{name}"] = value
                    scores[arm][qa.category_name].append(metrics)
                    if qa.category != ADVERSARIAL:
                        conversation_scores[arm].append(metrics)
                    if state is not None:
                        by_state[state][arm].append(metrics)
                if after is not None and relevant:
                    active = sum(after.is_active(m) for m in relevant)
                    row["evidence_active"] = f"{active}/{len(relevant)}"
                    if qa.category != ADVERSARIAL:
                        all_evidence_active.append(active == len(relevant))
                rows.append(row)
            for arm in ARMS:
                if conversation_scores[arm]:
                    per_conversation[arm].append(
                        {"sample_id": conversation.sample_id, "step": position}
                        | aggregate(conversation_scores[arm], names)
                    )
            if progress is not None:
                raw_now = aggregate(conversation_scores["raw"], names)
                line = (
                    f"{tenant}: {len(ids)} turns, {len(questions)} questions, "
                    f"raw recall_any@{top}={_fmt(raw_now[f'recall_any@{top}'])}"
                )
                if after is not None:
                    cur_now = aggregate(conversation_scores["curated"], names)
                    line += (
                        f", curated={_fmt(cur_now[f'recall_any@{top}'])}, "
                        f"archived {len(after.archived)}"
                    )
                progress(line)

    arms_out: dict[str, Any] = {}
    for arm in ARMS:
        if arm == "curated" and not curate:
            continue
        by_category = {
            name: aggregate(scores[arm][name], names)
            for name in sorted(scores[arm], key=_category_order)
        }
        answerable = [
            s
            for name, group in scores[arm].items()
            if name != CATEGORY_NAMES[ADVERSARIAL]
            for s in group
        ]
        arms_out[arm] = {"overall": aggregate(answerable, names), "by_category": by_category}

    adversarial_name = CATEGORY_NAMES[ADVERSARIAL]
    adversarial: dict[str, Any] = {
        "questions": sum(1 for c in conversations for qa in c.qa if qa.category == ADVERSARIAL),
        "scored": len(scores["raw"].get(adversarial_name, [])),
    }
    for arm in arms_out:
        group = scores[arm].get(adversarial_name, [])
        adversarial[arm] = {
            **{f"false_hits@{k}": int(sum(s.recall_any[k] for s in group)) for k in ks},
            **{f"false_hit_rate@{k}": mean(s.recall_any[k] for s in group) for k in ks},
        }

    result: BenchmarkResult = {
        "benchmark": "locomo",
        "dataset": str(source),
        "embedding_model": store.embedding_model,
        "k_values": list(ks),
        "conversations": len(conversations),
        "tenants": tenants,
        "parse": dataset.summary(),
        "questions": {
            "total": len(rows),
            "scored": sum(1 for r in rows if r["scored"]),
            "no_evidence": sum(1 for r in rows if not r["scored"]),
            "by_category": dict(Counter(r["category_name"] for r in rows)),
        },
        "arms": arms_out,
        "delta": _deltas(arms_out),
        "adversarial": adversarial,
        "curation": curation_summary(
            curate, curation, archived_reasons, evidence_reasons, all_evidence_active
        )
        | ({"representative_credit": representative_credit} if curate else {}),
        "by_evidence_state": by_evidence_state(by_state, names) if curate else {},
        "per_conversation": per_conversation if curate else {"raw": per_conversation["raw"]},
        "timings": timing_summary(timings, started),
        "rows": rows,
    }
    return result


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


def _fmt(value: Any) -> str:
    return "-" if value is None else f"{value:.3f}"


def render_locomo(result: BenchmarkResult) -> str:
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
            retrieval_columns(ks),
        )
    ]
    adversarial = result["adversarial"]
    for arm in result["arms"]:
        hits = adversarial.get(arm, {})
        parts.append(
            f"adversarial (category 5, {adversarial['scored']} scored) {arm}: false hits@"
            + ", @".join(f"{k}={hits.get(f'false_hits@{k}')}" for k in ks)
        )
    parts.append(curation_lines(result["curation"]))
    if result.get("by_evidence_state"):
        parts.append(state_lines(result))
    parts.append(closing_line(result))
    return "\n".join(parts)


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


def run_locomo(
    path: str | Path,
    store_factory: StoreFactory,
    *,
    k_values: Iterable[int] = (1, 5, 10),
    limit_conversations: int | None = None,
    curate: bool = True,
    embedder: Embedder | None = None,
    tenant_prefix: str = "locomo",
    include_captions: bool = True,
    log_mlflow: bool = True,
    tracking_uri: str | None = None,
    experiment: str = LOCOMO_EXPERIMENT,
    progress: Progress | None = None,
    embed_cache: Path | None = None,
    policy: CurationPolicy | None = None,
) -> dict[str, Any]:
    """LoCoMo on a store (or a store factory) in one call: ``run_benchmark`` with these
    settings, logged to MLflow unless ``log_mlflow=False``."""
    benchmark = LoCoMo(tuple(k_values), limit_conversations, tenant_prefix, include_captions)
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
