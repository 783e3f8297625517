"""Run the TimeQA changing-facts workload: raw, heuristic and curated recall.

Per relation one tenant: ingest the facts in time order (one ``remember_many`` per
moment, ``now`` = that moment; no supersession keys unless the run is ``keyed``), ask
every changing subject's question a day after the tenant's last fact in raw mode, derive
the heuristic arm from the raw hits, curate (all mechanics ``apply``) and ask again in
curated mode.

Scoring is pure (``score_question`` -> ``ChangingFactScore``) and aggregated once
(``aggregate_scores``); the adapters (``adapters/timeqa.py``, ``adapters/holdout.py``) call
it and ``run.run_benchmark`` logs to MLflow.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import groupby
from pathlib import Path
from typing import Any, Literal

from curation import CurationPolicy, RecallMode
from evaluation.benchmarks.heuristic import newest_near_top
from evaluation.benchmarks.plumbing import (
    curate_and_inspect,
    embedding_cache,
    free_suffix,
    recall_hits,
)
from evaluation.benchmarks.protocol import BenchmarkResult, RunOptions
from evaluation.benchmarks.scoring import ranked_above, shares, timing_summary
from evaluation.benchmarks.timeqa import (
    AsOfQuestion,
    ChangingFactQuestion,
    Fact,
    TimeQAData,
    load_timeqa,
    single_valued_keys,
)
from evaluation.benchmarks.wordings import reword

TIMEQA_EXPERIMENT = "benchmark-timeqa"
QUERY_DELAY = timedelta(days=1)
ARMS = ("raw", "heuristic", "heuristic_0.10", "curated")
WIDE_MARGIN = 0.10  # the heuristic's second setting, reported beside the default 0.05
Top = Literal["current", "stale", "other_subject", "none"]


@dataclass(frozen=True)
class ChangingFactScore:
    """Where one question's values landed in one arm's ranked list (ranks are 1-based)."""

    top: Top
    current_rank: int | None
    stale_rank: int | None

    @property
    def current_above_stale(self) -> bool:
        return ranked_above(self.current_rank, self.stale_rank)


def score_question(
    ranked: Sequence[str], facts: Mapping[str, Fact], question: ChangingFactQuestion
) -> ChangingFactScore:
    """Classify the first hit and find the first current / stale memory of the subject."""
    current_rank = stale_rank = None
    top: Top = "none"
    for rank, memory_id in enumerate(ranked, start=1):
        fact = facts.get(memory_id)
        about = fact is not None and fact.subject_index == question.subject_index
        kind: Top = "other_subject"
        if about and fact is not None and fact.answer in question.current:
            kind = "current"
            current_rank = current_rank or rank
        elif about and fact is not None and fact.answer in question.stale:
            kind = "stale"
            stale_rank = stale_rank or rank
        if rank == 1:
            top = kind
    return ChangingFactScore(top, current_rank, stale_rank)


def aggregate_scores(scores: Sequence[ChangingFactScore], k: int) -> dict[str, Any]:
    """Shares over the questions: current first, stale first, current above every stale,
    current in the top k."""
    tests: dict[str, Callable[[ChangingFactScore], bool]] = {
        f"{top}_first": _top_is(top) for top in ("current", "stale", "other_subject")
    }
    tests["current_above_stale"] = lambda s: s.current_above_stale
    tests["current_in_top5"] = lambda s: s.current_rank is not None and s.current_rank <= 5
    tests[f"current_in_top{k}"] = lambda s: s.current_rank is not None
    return {"n": len(scores)} | shares(scores, tests)


AsOfTop = Literal["right", "other_window", "other_subject", "none"]


@dataclass(frozen=True)
class AsOfScore:
    """Where one as-of question's value landed (the window holding the asked year)."""

    top: AsOfTop
    right_rank: int | None


def score_as_of(
    ranked: Sequence[str], facts: Mapping[str, Fact], question: AsOfQuestion
) -> AsOfScore:
    right_rank = None
    top: AsOfTop = "none"
    for rank, memory_id in enumerate(ranked, start=1):
        fact = facts.get(memory_id)
        kind: AsOfTop = "other_subject"
        if fact is not None and fact.subject_index == question.subject_index:
            kind = "right" if fact.answer in question.expected else "other_window"
        if kind == "right":
            right_rank = right_rank or rank
        if rank == 1:
            top = kind
    return AsOfScore(top, right_rank)


def aggregate_as_of(scores: Sequence[AsOfScore], k: int) -> dict[str, Any]:
    tests: dict[str, Callable[[AsOfScore], bool]] = {
        f"{top}_first": _top_is(top) for top in ("right", "other_window")
    }
    tests[f"right_in_top{k}"] = lambda s: s.right_rank is not None
    return {"n": len(scores)} | shares(scores, tests)


def _top_is(kind: str) -> Callable[[ChangingFactScore | AsOfScore], bool]:
    """The test "the first hit is ``kind``" of an arm's scores."""
    return lambda score: score.top == kind


def _other_subject(facts: Mapping[str, Fact], older: str, newer: str | None) -> bool:
    """Whether ``newer`` replaced ``older`` although it is about another subject."""
    if newer is None or older not in facts or newer not in facts:
        return False
    return facts[older].subject_index != facts[newer].subject_index


def asked_moment(question: AsOfQuestion) -> datetime:
    """The end of the asked year: what an agent asking "in 2000" passes as ``as_of``."""
    return datetime(question.year + 1, 1, 1, tzinfo=UTC) - timedelta(seconds=1)


def _moments(facts: Iterable[Fact]) -> list[list[Fact]]:
    return [list(group) for _, group in groupby(facts, key=lambda f: f.at)]


def run_timeqa(
    directory: str | Path,
    store: Any,
    *,
    k: int = 10,
    curate: bool = True,
    tenant_prefix: str = "timeqa",
    relations: Sequence[str] | None = None,
    embed_cache: Path | None = None,
    progress: Any = None,
    policy: CurationPolicy | None = None,
    wording: str = "benchmark",
    data: TimeQAData | None = None,
    keyed: bool = False,
) -> dict[str, Any]:
    """Current-first / stale-first shares per arm, overall and per relation, with the
    facts written in one ``wording`` family (``wordings.FAMILIES``); ``data`` runs another
    set of changing facts in the same shape instead (the hold-out sets), ``directory``
    naming it; ``keyed`` writes them under supersession keys (``changing_facts``)."""
    data = data if data is not None else reword(load_timeqa(directory), wording)
    options = RunOptions(curate, embed_cache, progress, policy)
    return dict(
        changing_facts(
            data, directory, store, options, k, tenant_prefix, wording, relations, keyed=keyed
        )
    )


def changing_facts(
    data: TimeQAData,
    directory: str | Path,
    store: Any,
    options: RunOptions,
    k: int,
    tenant_prefix: str,
    wording: str,
    relations: Sequence[str] | None = None,
    *,
    keyed: bool = False,
) -> BenchmarkResult:
    """The run (see the module doc) on a loaded set of changing facts with a run's
    options: what the TimeQA and hold-out adapters run, and ``run_timeqa`` after loading.
    ``keyed``: each fact written under its subject's supersession key where a writer who
    names the slot would give one (``single_valued_keys``; never a pointwise relation's)."""
    started = time.perf_counter()
    progress = options.progress
    codes = [
        c for c in sorted(data.facts) if data.facts[c] and (relations is None or c in relations)
    ]
    prefix = f"{tenant_prefix}-keyed" if keyed else tenant_prefix
    base = [f"{prefix}-{code.lower()}" for code in codes]
    suffix = free_suffix(store, base)
    timings: defaultdict[str, float] = defaultdict(float)
    scores: dict[str, dict[str, list[ChangingFactScore]]] = {a: defaultdict(list) for a in ARMS}
    by_split: dict[str, dict[str, list[ChangingFactScore]]] = {a: defaultdict(list) for a in ARMS}
    as_of: dict[str, list[AsOfScore]] = {a: [] for a in ARMS}
    given: dict[str, list[AsOfScore]] = {a: [] for a in ARMS}  # the year as as_of
    curation: Counter[str] = Counter()
    archived_reasons: Counter[str] = Counter()
    pointwise_kept: list[bool] = []
    across_subjects = reviews_across = reviews = keyed_facts = 0
    rows: list[dict[str, Any]] = []
    texts = [f.content for c in codes for f in data.facts[c]]
    texts += [q.question for c in codes for q in data.questions.get(c, [])]
    texts += [q.question for c in codes for q in data.as_of.get(c, [])]
    if progress is not None:
        progress(f"timeqa: {len(codes)} relations, embedding {len(texts)} texts")
    with embedding_cache(store, texts, timings, options.embed_cache):
        for code, name in zip(codes, base, strict=True):
            tenant = name + suffix
            facts = data.facts[code]
            keys = single_valued_keys(facts) if keyed and not data.relations[code].pointwise else {}
            keyed_facts += len(keys)
            clock = time.perf_counter()
            by_id: dict[str, Fact] = {}
            for moment in _moments(facts):
                inputs = [f.as_input(keys.get(f.memory_id)) for f in moment]
                results = store.remember_many(tenant, inputs, actor="benchmark", now=moment[0].at)
                for fact, result in zip(moment, results, strict=True):
                    by_id.setdefault(result.id, fact)
            timings["ingest_s"] += time.perf_counter() - clock
            at = facts[-1].at + QUERY_DELAY
            questions = data.questions.get(code, [])
            ranked: dict[str, list[list[str]]] = {a: [] for a in ARMS}
            clock = time.perf_counter()
            for question in questions:
                hits = recall_hits(store, tenant, question.question, k, RecallMode.RAW, at)
                ranked["raw"].append([h.id for h in hits])
                ranked["heuristic"].append(newest_near_top(hits))
                ranked["heuristic_0.10"].append(newest_near_top(hits, WIDE_MARGIN))
            past = data.as_of.get(code, [])
            for asked in past:
                hits = recall_hits(store, tenant, asked.question, k, RecallMode.RAW, at)
                as_of["raw"].append(score_as_of([h.id for h in hits], by_id, asked))
                as_of["heuristic"].append(score_as_of(newest_near_top(hits), by_id, asked))
                wide = newest_near_top(hits, WIDE_MARGIN)
                as_of["heuristic_0.10"].append(score_as_of(wide, by_id, asked))
                hits = recall_hits(
                    store, tenant, asked.question, k, RecallMode.RAW, at, asked_moment(asked)
                )
                given["raw"].append(score_as_of([h.id for h in hits], by_id, asked))
                given["heuristic"].append(score_as_of(newest_near_top(hits), by_id, asked))
                wide = newest_near_top(hits, WIDE_MARGIN)
                given["heuristic_0.10"].append(score_as_of(wide, by_id, asked))
            timings["raw_recall_s"] += time.perf_counter() - clock
            if options.curate:
                after = curate_and_inspect(store, tenant, at, options.policy)
                timings["curate_s"] += after.seconds
                curation["memories"] += len(by_id)
                curation["archived"] += len(after.archived)
                curation["open_conflicts"] += len(after.contested)
                archived_reasons.update(m.archive_reason or "?" for m in after.archived.values())
                across_subjects += sum(
                    _other_subject(by_id, m.id, m.superseded_by) for m in after.archived.values()
                )
                held = store.curator.changes(tenant, status=None, limit=10_000)
                reviews += len(held)
                reviews_across += sum(_other_subject(by_id, c.older_id, c.newer_id) for c in held)
                if data.relations[code].pointwise:
                    pointwise_kept += [after.is_active(i) for i in by_id]
                clock = time.perf_counter()
                for question in questions:
                    hits = recall_hits(store, tenant, question.question, k, RecallMode.CURATED, at)
                    ranked["curated"].append([h.id for h in hits])
                for asked in past:
                    hits = recall_hits(store, tenant, asked.question, k, RecallMode.CURATED, at)
                    as_of["curated"].append(score_as_of([h.id for h in hits], by_id, asked))
                    hits = recall_hits(
                        store,
                        tenant,
                        asked.question,
                        k,
                        RecallMode.CURATED,
                        at,
                        asked_moment(asked),
                    )
                    given["curated"].append(score_as_of([h.id for h in hits], by_id, asked))
                timings["curated_recall_s"] += time.perf_counter() - clock
            for n, question in enumerate(questions):
                row: dict[str, Any] = {
                    "relation": code,
                    "subject": question.subject,
                    "split": question.split,
                    "question": question.question,
                    "current": " | ".join(sorted(question.current)),
                }
                for arm in ARMS:
                    if not ranked[arm]:
                        continue
                    result = score_question(ranked[arm][n], by_id, question)
                    scores[arm][code].append(result)
                    by_split[arm][question.split].append(result)
                    row[f"{arm}.top"] = result.top
                    row[f"{arm}.current_rank"] = result.current_rank
                    row[f"{arm}.stale_rank"] = result.stale_rank
                rows.append(row)
            if progress is not None and questions:
                progress(f"{tenant}: {len(by_id)} facts, {len(questions)} questions")

    arms_out: dict[str, Any] = {}
    for arm in ARMS:
        if not any(scores[arm].values()):
            continue
        every = [s for group in scores[arm].values() for s in group]
        arms_out[arm] = {
            "overall": aggregate_scores(every, k),
            "by_relation": {c: aggregate_scores(scores[arm][c], k) for c in sorted(scores[arm])},
            # rules are tuned on the train split; the test split is the held-out figure
            "by_split": {s: aggregate_scores(by_split[arm][s], k) for s in sorted(by_split[arm])},
        }
    out: BenchmarkResult = {
        "benchmark": "timeqa",
        "wording": wording,
        # facts written under supersession keys (how many), or none
        "keyed": keyed,
        "keyed_facts": keyed_facts,
        "dataset": str(directory),
        "embedding_model": store.embedding_model,
        "k_values": [k],
        "tenant_prefix": prefix + suffix,
        "parse": data.summary(),
        "questions": {"total": len(rows), "scored": len(rows)},
        "arms": arms_out,
        # asked at a past year: curation archived that value, so recall must not need it
        "as_of": {arm: aggregate_as_of(as_of[arm], k) for arm in ARMS if as_of[arm]},
        # the same questions with the asked year passed as recall's as_of
        "as_of_given": {a: aggregate_as_of(given[a], k) for a in ARMS if given[a]},
        "curation": {
            "ran": options.curate,
            "memories": curation["memories"],
            "archived": curation["archived"],
            "archived_by_reason": dict(archived_reasons),
            "open_conflicts": curation["open_conflicts"],
            # a memory archived as replaced by another subject's: the false supersession
            "superseded_by_another_subject": across_subjects,
            "held_changes": reviews,
            "held_changes_across_subjects": reviews_across,
            "pointwise_memories": len(pointwise_kept),
            "pointwise_still_active": (
                sum(pointwise_kept) / len(pointwise_kept) if pointwise_kept else None
            ),
        },
        "timings": timing_summary(timings, started),
        "rows": rows,
    }
    return out
