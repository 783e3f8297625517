"""Recall order without a store: ``memgov eval recall-order``.

The changing-facts runs (TimeQA's wordings, the hold-out sets) write every fact to the
embedded PostgreSQL, run a curation pass and recall each question: about an hour for
every set and wording. Most of what they measure is the order recall gives the
candidates (``rank_candidates``: the blend, then the newest statement of the question's
slot first). This runs that order alone, in seconds per family: each question's
candidates are its domain's facts nearest by cosine (as many as the store fetches for
``k`` hits), ranked by the very function the store's recall calls, with the model's own
slot-order settings. No curation pass runs, so no duplicate is merged and nothing is
archived or held; measured against the store runs it is within a few points per family
(docs/evaluation.md, session 24). A change to the slot order can be weighed here on every
set before the store runs confirm it.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from curation import CurationPolicy, Embedder, RecallHit
from curation.internals import rank_candidates
from evaluation.benchmarks.embed_cache import embed_cached
from evaluation.benchmarks.heuristic import newest_near_top
from evaluation.benchmarks.timeqa import Fact, TimeQAData, single_valued_keys
from evaluation.benchmarks.timeqa_run import (
    QUERY_DELAY,
    WIDE_MARGIN,
    ChangingFactScore,
    aggregate_scores,
    score_question,
)

ARMS = ("raw", "heuristic", "heuristic_0.10", "ordered")
_TENANT = "recall-order"


@dataclass(frozen=True)
class Candidate:
    """A fact as a recall candidate: the columns ``rank_candidates`` reads, as the store
    holds a fact freshly written without key, pin or feedback."""

    id: str
    content: str
    similarity: float
    created_at: datetime
    kind: str = "fact"
    importance: float = 0.5
    generality: int = 0
    proven: int = 0
    recall_count: int = 0
    last_recalled_at: datetime | None = None
    pinned: bool = False
    supersession_key: str | None = None
    version: int = 1
    status: str = "active"
    archive_reason: str | None = None
    superseded_by: str | None = None
    stated_at: datetime | None = None


def recall_order(
    data: TimeQAData,
    embedder: Embedder,
    *,
    k: int = 10,
    policy: CurationPolicy | None = None,
    cache: Path | None = None,
    rows: bool = False,
    keyed: bool = False,
    one_batch: bool = False,
) -> dict[str, Any]:
    """Current first (and stale first, another subject's or slot's fact first) per arm:
    raw similarity, the newest-near-the-top heuristic at 0.05 and 0.10, and the order
    recall gives (``ordered``), over every question of ``data``. ``rows``: also, per
    question, what each arm put first and the ordered arm's first five (to read where
    an order went wrong). ``keyed``: each single-valued subject's facts under its key, as
    the store runs write them with ``--keys``; the store then keeps only the newest of a
    key active (the survivor rule: all facts are as broad), so the ordered arm ranks the
    active facts, each with its key, and the raw arm every fact. ``one_batch``: every
    fact written at one moment, as a store imported in one go holds them: write times
    tell nothing, so an order can only come from what the texts say (a validity note, a
    value named as replaced) and the heuristic is left with raw similarity."""
    policy = policy or CurationPolicy()
    fetched = k * policy.candidate_multiplier
    scores: dict[str, list[ChangingFactScore]] = {arm: [] for arm in ARMS}
    shown: list[dict[str, Any]] = []
    for code in sorted(data.facts):
        facts, questions = data.facts[code], data.questions.get(code, [])
        if not facts or not questions:
            continue
        by_id = {str(f.memory_id): f for f in facts}
        keys = single_valued_keys(facts) if keyed and not data.relations[code].pointwise else {}
        active = np.array(_active(facts, keys))
        vectors = _unit(embed_cached(embedder, [f.content for f in facts], cache))
        asked = _unit(embed_cached(embedder, [q.question for q in questions], cache))
        batch = max(f.at for f in facts)
        now = batch + QUERY_DELAY
        written = batch if one_batch else None
        for question, similarity in zip(questions, asked @ vectors.T, strict=True):
            order = np.argsort(-similarity, kind="stable")
            fetch = order[:fetched], order[active[order]][:fetched]  # raw sees archived ones
            everything, kept = (_candidates(facts, keys, similarity, i, written) for i in fetch)
            raw = _ranked(everything, policy, embedder, now, k, curated=False, query=None)
            ordered = _ranked(kept, policy, embedder, now, k, curated=True, query=question.question)
            lists = {
                "raw": [hit.id for hit in raw],
                "heuristic": newest_near_top(raw),
                "heuristic_0.10": newest_near_top(raw, WIDE_MARGIN),
                "ordered": [hit.id for hit in ordered],
            }
            for arm, ranked in lists.items():
                scores[arm].append(score_question(ranked, by_id, question))
            if rows:
                shown.append(_row(question.question, lists, ordered, by_id, scores))
    return {
        "embedding_model": embedder.model_name,
        "candidates": fetched,
        "arms": {arm: aggregate_scores(scores[arm], k) for arm in ARMS},
    } | ({"rows": shown} if rows else {})


def _row(
    question: str,
    lists: dict[str, list[str]],
    ordered: Sequence[RecallHit],
    facts: dict[str, Fact],
    scores: dict[str, list[ChangingFactScore]],
) -> dict[str, Any]:
    """One question as read back: each arm's first fact and what it was, and the
    ordered arm's first five with their similarity and write time."""
    return {
        "question": question,
        "first": {
            arm: {"top": scores[arm][-1].top, "text": facts[ids[0]].content if ids else None}
            for arm, ids in lists.items()
        },
        "ordered": [
            {
                "text": hit.content,
                "similarity": hit.similarity,
                "written": hit.created_at.date().isoformat(),
            }
            for hit in ordered[:5]
        ],
    }


def _candidates(
    facts: Sequence[Fact],
    keys: Mapping[uuid.UUID, str],
    similarity: Any,
    indices: Any,
    written: datetime | None,
) -> list[Candidate]:
    """The facts at ``indices`` as recall candidates, each written when it began unless
    ``written`` gives one moment for all."""
    return [
        Candidate(
            str(facts[i].memory_id),
            facts[i].content,
            float(similarity[i]),
            written or facts[i].at,
            supersession_key=keys.get(facts[i].memory_id),
        )
        for i in indices
    ]


def _active(facts: Sequence[Fact], keys: Mapping[uuid.UUID, str]) -> list[bool]:
    """Which facts a keyed store keeps active: every unkeyed one, and the newest of each
    key (the write order breaking a tie, as the store's survivor rule does by id)."""
    newest: dict[str, int] = {}
    for n, fact in enumerate(facts):
        key = keys.get(fact.memory_id)
        if key is not None and (key not in newest or fact.at >= facts[newest[key]].at):
            newest[key] = n
    kept = set(newest.values())
    return [keys.get(f.memory_id) is None or n in kept for n, f in enumerate(facts)]


def _ranked(
    rows: Sequence[Candidate],
    policy: CurationPolicy,
    embedder: Embedder,
    now: datetime,
    k: int,
    *,
    curated: bool,
    query: str | None,
) -> list[RecallHit]:
    return rank_candidates(
        rows,
        {},
        policy,
        tenant=_TENANT,
        model=embedder.model_name,
        now=now,
        k=k,
        curated=curated,
        query=query,
        embedder=embedder if curated else None,
    )


def _unit(vectors: Any) -> np.ndarray:
    """Rows of unit length: their dot products are the cosines the store ranks by."""
    rows = np.asarray(vectors, dtype=np.float64)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms == 0, 1.0, norms)


def sources(set_name: str, family: str, timeqa: Path | None) -> list[tuple[str, TimeQAData]]:
    """(family, data) for each family asked: a hold-out set's, or with ``set_name``
    ``timeqa`` the TimeQA wordings of the facts under ``timeqa``. Unknown names raise
    ``UnknownHoldoutError`` naming the field."""
    from evaluation.benchmarks.holdout_store import (
        UnknownHoldoutError,
        holdout_data,
        holdout_families,
    )
    from evaluation.benchmarks.timeqa import load_timeqa
    from evaluation.benchmarks.wordings import family_names, reword

    if set_name == "timeqa":
        known = family_names()
        if family != "all" and family not in known:
            raise UnknownHoldoutError("family", family, known)
        if timeqa is None:
            raise UnknownHoldoutError("timeqa", "", ["the timeqa directory (--timeqa DIR)"])
        facts = load_timeqa(timeqa)
        return [(f, reword(facts, f)) for f in (known if family == "all" else [family])]
    known = holdout_families(set_name)
    if family != "all" and family not in known:
        raise UnknownHoldoutError("family", family, known)
    return [(f, holdout_data(set_name, f)) for f in (known if family == "all" else [family])]


def render(set_name: str, family: str, result: dict[str, Any]) -> str:
    """One line per family: current first per arm, and where the ordered arm went wrong."""
    arms = result["arms"]
    ordered = arms["ordered"]
    cells = "  ".join(f"{arm} {arms[arm]['current_first']:.3f}" for arm in ARMS)
    return (
        f"{set_name}/{family:<24} n={ordered['n']:<5} current first: {cells}  "
        f"(ordered: stale first {ordered['stale_first']:.3f}, another's first "
        f"{ordered['other_subject_first']:.3f}, current in top 5 "
        f"{ordered['current_in_top5']:.3f})"
    )
