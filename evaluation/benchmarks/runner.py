"""Run LoCoMo / LongMemEval against a ``MemoryStore``: raw and heuristic arms, curation,
curated arm. Store plumbing is in ``plumbing``, pure scoring in ``scoring`` (typed
per-question results, ``RetrievalScore`` and ``UpdateOrder``, each aggregated once),
MLflow in ``mlflow_edge``; this module drives the two workloads and assembles results.

Per conversation (LoCoMo) or question (LongMemEval) the runner uses one tenant
(``locomo-conv-26``, ``longmemeval-<question_id>``; a ``-rN`` suffix is added when those
tenants already exist in the store, so re-runs never mix with old state):

1. ingest the turns with ``remember_many``, one batch per session, ``now`` = the end of
   the session (turns keep their own ``created_at``);
2. recall every question in RAW mode with k = max(k_values) and score it, and score the
   heuristic arm (``heuristic.newest_near_top`` over the same raw hits);
3. set the tenant's policy to apply every mechanic and run ``curate(apply=True)`` at query
   time (LoCoMo: an hour after the last turn; LongMemEval: the question date, or a minute
   after the last turn when the data dates the question earlier);
4. recall again in CURATED mode (``record=False``: scoring must not vote) and score it.

Relevance: the gold evidence memories. In the curated arm an archived evidence memory is
also credited through its active representative (the survivor it was merged into or
filed beneath, following ``superseded_by`` / ``parent_id``), since that entry now carries
its statement: the representative's position in the hit list counts as the evidence's
(``AfterCuration.stand_ins``); ``representative_credit`` counts the questions where that
decided a hit. Decayed evidence has no representative and simply misses.

Metrics per question: recall_any@k, recall_all@k, ndcg@k for each k, mrr (first relevant
within max k) and rank; averaged per category / question type and overall. Also reported:
the share of gold evidence memories still active after curation (curation must not
destroy what questions need), LoCoMo category-5 false hits (the adversarial premise turn
recalled), and for LongMemEval knowledge-update questions whether the newer answer
evidence ranks above the older one, how often only the stale one is recalled, and whether
curation marked the stale evidence (archived or contested).
"""

from __future__ import annotations

import logging
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

from curation import CurationPolicy, Embedder, RecallMode
from evaluation.benchmarks.heuristic import newest_near_top
from evaluation.benchmarks.locomo import ADVERSARIAL, CATEGORY_NAMES, load_locomo
from evaluation.benchmarks.longmemeval import load_longmemeval
from evaluation.benchmarks.mlflow_edge import log_benchmark, summary_without_rows
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
from evaluation.retrieval_metrics import dedupe, mean, recall_any_at_k

log = logging.getLogger(__name__)

Progress = Callable[[str], None]
ARMS = ("raw", "heuristic", "curated")
LOCOMO_EXPERIMENT = "benchmark-locomo"
LONGMEMEVAL_EXPERIMENT = "benchmark-longmemeval"
LOCOMO_QUERY_DELAY = timedelta(hours=1)
LONGMEMEVAL_MIN_DELAY = timedelta(minutes=1)


# -- LoCoMo -----------------------------------------------------------------------------


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
    """Retrieval metrics for LoCoMo, raw vs curated, per category (see the module doc)."""
    started = time.perf_counter()
    ks = checked_ks(k_values)
    top = ks[-1]
    names = metric_names(ks)
    dataset = load_locomo(path, include_captions=include_captions)
    conversations = dataset.conversations[:limit_conversations]
    store = open_store(store_factory, embedder)
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
    by_state: dict[str, dict[str, list[RetrievalScore]]] = _states()

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

    result: dict[str, Any] = {
        "benchmark": "locomo",
        "dataset": str(path),
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
        "curation": _curation_summary(
            curate, curation, archived_reasons, evidence_reasons, all_evidence_active
        )
        | ({"representative_credit": representative_credit} if curate else {}),
        "by_evidence_state": _by_state(by_state, names) if curate else {},
        "per_conversation": per_conversation if curate else {"raw": per_conversation["raw"]},
        "timings": timing_summary(timings, started),
        "rows": rows,
    }
    result["mlflow"] = log_benchmark(result, experiment, tracking_uri) if log_mlflow else None
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


def _states() -> dict[str, dict[str, list[RetrievalScore]]]:
    return {state: {arm: [] for arm in ARMS} for state in ("all_active", "some_archived")}


def _by_state(
    by_state: Mapping[str, Mapping[str, Sequence[RetrievalScore]]], names: Sequence[str]
) -> dict[str, Any]:
    """Raw vs curated on the questions whose needed evidence all survived curation and on
    those that lost some: separates what the re-ranking does from what archiving costs."""
    return {
        state: {arm: aggregate(scores, names) for arm, scores in arms.items() if scores}
        for state, arms in by_state.items()
    }


def _curation_summary(
    curate: bool,
    counts: Mapping[str, int],
    archived_reasons: Mapping[str, int],
    evidence_reasons: Mapping[str, int],
    all_evidence_active: Sequence[bool],
) -> dict[str, Any]:
    if not curate:
        return {"ran": False}
    return {
        "ran": True,
        "memories": counts.get("memories", 0),
        "archived": counts.get("archived", 0),
        "archived_share": share(counts.get("archived", 0), counts.get("memories", 0)),
        "archived_by_reason": dict(sorted(archived_reasons.items())),
        "open_conflicts": counts.get("open_conflicts", 0),
        "evidence_memories": counts.get("evidence_memories", 0),
        "evidence_active": counts.get("evidence_active", 0),
        "evidence_survival": share(
            counts.get("evidence_active", 0), counts.get("evidence_memories", 0)
        ),
        "evidence_represented": share(
            counts.get("evidence_represented", 0), counts.get("evidence_memories", 0)
        ),
        "evidence_archived_by_reason": dict(sorted(evidence_reasons.items())),
        "questions_all_evidence_active": mean(float(x) for x in all_evidence_active),
    }


def _fmt(value: Any) -> str:
    return "-" if value is None else f"{value:.3f}"


# -- LongMemEval ------------------------------------------------------------------------


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
    """Retrieval metrics for LongMemEval, raw vs curated, per question type, at turn level
    (``has_answer``) and session level (``answer_session_ids``); knowledge-update order."""
    started = time.perf_counter()
    ks = checked_ks(k_values)
    top = ks[-1]
    names = metric_names(ks)
    dataset = load_longmemeval(path)
    wanted = set(question_types) if question_types is not None else None
    questions = [q for q in dataset.questions if wanted is None or q.question_type in wanted]
    questions = questions[:limit_questions]
    store = open_store(store_factory, embedder)
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
    by_state: dict[str, dict[str, list[RetrievalScore]]] = _states()
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

    result: dict[str, Any] = {
        "benchmark": "longmemeval",
        "dataset": str(path),
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
        "curation": _curation_summary(
            curate, curation, archived_reasons, evidence_reasons, all_evidence_active
        )
        | ({"representative_credit": representative_credit} if curate else {}),
        "by_evidence_state": _by_state(by_state, names) if curate else {},
        "timings": timing_summary(timings, started),
        "rows": rows,
    }
    result["mlflow"] = log_benchmark(result, experiment, tracking_uri) if log_mlflow else None
    return result


__all__ = [
    "free_suffix",
    "log_benchmark",
    "run_locomo",
    "run_longmemeval",
    "summary_without_rows",
]
