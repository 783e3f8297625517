"""Ranking recall's candidates (pure: no database). The store's search finds the
candidates; here they are ordered — by similarity alone (raw) or blended with the
curation scores (curated), with claims, doubts and the newer statement of a slot — by the
same vectorised scoring as the curation pass."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np
import numpy.typing as npt

from curation._change import FrameRelevance, newest_of_slot_first
from curation._claims import blended_similarity, newer_claims_first
from curation._embedding import Embedder, normalise_rows
from curation._policy import HOUR, CurationPolicy
from curation._records import ConflictRecord, RecallHit
from curation._scoring import blend_scores, rank_scores, retention_scores
from curation._snapshot import snapshot_of_rows

# conflicts the store opened itself (the curation pass, the write-time check), as opposed
# to a contest an agent or curator raised with evidence
MACHINE_DETECTORS = frozenset({"pass", "write"})


@dataclass(frozen=True)
class BestClaim:
    """A candidate's statement closest to the query (a claim, or its whole text)."""

    similarity: float
    vector: npt.NDArray[np.float32]


def current_at(rows: Sequence[Any]) -> list[Any]:
    """As of a moment, among archived candidates that share one successor (one slot's
    history, each archived for the newest of its chain), only the latest written by then
    was current: the earlier ones had been replaced along the chain. Values written at
    the same moment coexist."""
    latest: dict[Any, datetime] = {}
    for row in rows:
        if row.status != "active" and row.superseded_by is not None:
            seen = latest.get(row.superseded_by)
            latest[row.superseded_by] = max(seen or row.created_at, row.created_at)
    return [
        r for r in rows if r.superseded_by not in latest or r.created_at >= latest[r.superseded_by]
    ]


def rank_candidates(
    rows: Sequence[Any],
    conflicts: dict[str, list[ConflictRecord]],
    policy: CurationPolicy,
    *,
    tenant: str,
    model: str,
    now: datetime,
    k: int,
    curated: bool,
    claims: Mapping[str, BestClaim] | None = None,
    retention_counts: bool = True,
    query: str | None = None,
    embedder: Embedder | None = None,
) -> list[RecallHit]:
    """Hits ordered by score: similarity alone (raw) or blended with the curation scores
    (curated), where ``claims`` (the candidates of claim kinds: their best-matching
    statements) lift the entries whose one claim answers the query and put a later
    restatement of a claim above the earlier one. ``retention_counts=False`` (a question
    about the past, with replaced entries among the candidates) leaves retention out of
    the blend: it measures how current an entry is, not what such a question asks for.
    With ``query`` (a question about now), statements of the question's slot among the
    candidates of the change kinds are put newest first (``change.newest_of_slot_first``):
    an inferred change reorders recall; it never removes anything. With ``embedder`` (the
    store's model), a slot's statements are also compared with what the question asks of
    its subject (``frame_relevance``)."""
    if not rows:
        return []
    snap = snapshot_of_rows(tenant, model, rows, np.zeros((len(rows), 0), np.float32), linked=False)
    similarity = np.array([float(r.similarity) for r in rows], dtype=np.float64)
    retention = retention_scores(snap, policy, now)
    rank = rank_scores(snap, policy, now)
    claims = claims or {}
    claimed = [i for i, memory_id in enumerate(snap.ids) if memory_id in claims]
    relevance = similarity
    if curated and claimed:
        best = similarity.copy()
        best[claimed] = [claims[snap.ids[i]].similarity for i in claimed]
        relevance = blended_similarity(similarity, best, policy.claim_whole_share)
    if curated:
        contested = np.array([bool(conflicts.get(i)) for i in snap.ids], dtype=bool)
        machine = np.array(
            [
                bool(conflicts.get(i))
                and all(c.detected_by in MACHINE_DETECTORS for c in conflicts[i])
                for i in snap.ids
            ],
            dtype=bool,
        )
        weights = (
            policy.weights
            if retention_counts
            else policy.weights.model_copy(update={"retention": 0.0})
        )
        score = blend_scores(relevance, rank, retention, contested, weights, machine_doubt=machine)
        if len(claimed) > 1:
            score[claimed] = newer_claims_first(
                score[claimed],
                snap.created_at[claimed],
                np.stack([claims[snap.ids[i]].vector for i in claimed]),
                margin=policy.claim_update_margin,
                cosine=policy.claim_update_cosine_for(model),
                apart_seconds=policy.claim_update_apart_hours * HOUR,
            )
    else:
        score = similarity
    # equal scores (the same text embedded twice) in the order they were written: an id
    # is random, so ordering by it made the same replay answer differently run to run
    order = sorted(
        range(len(rows)),
        key=lambda i: (-float(score[i]), -similarity[i], snap.created_at[i], snap.ids[i]),
    )
    replaced_by: dict[int, int] = {}
    if curated and query and policy.slot_order:
        # a band of 1.0 and a weight of 0 (a model it was not measured on): no call
        measured = (
            policy.slot_frame_band_for(model) < 1.0
            or policy.slot_frame_weight_for(model) > 0
            or policy.slot_frame_weight_unkeyed_for(model) > 0
            or policy.slot_alike_cosine_for(model) > 0
        )
        frames = frame_relevance(embedder) if embedder is not None and measured else None
        order, replaced_by = _newest_of_slot_first(
            rows, order, similarity, query, policy, frames, model, contested
        )
    hits = []
    for i in order[:k]:
        row = rows[i]
        hits.append(
            RecallHit(
                id=str(row.id),
                content=row.content,
                kind=row.kind,
                similarity=round(float(similarity[i]), 6),
                score=round(float(score[i]), 6),
                retention=round(float(retention[i]), 6),
                rank=float(rank[i]),
                status=row.status,
                generality=int(row.generality),
                proven=int(row.proven),
                recall_count=int(row.recall_count),
                created_at=row.created_at,
                supersession_key=row.supersession_key,
                archive_reason=row.archive_reason,
                conflicts=list(conflicts.get(str(row.id), [])) if curated else [],
                newer_of_slot=str(rows[replaced_by[i]].id) if i in replaced_by else None,
            )
        )
    return hits


def last_said(row: Any) -> datetime:
    """When a candidate's text was last written: its restatements count (a candidate row
    without the column, from an older caller, has only its write time)."""
    stated = getattr(row, "stated_at", None)
    return row.created_at if stated is None else max(row.created_at, stated)


def _newest_of_slot_first(
    rows: Sequence[Any],
    order: list[int],
    similarity: npt.NDArray[np.float64],
    query: str,
    policy: CurationPolicy,
    frames: FrameRelevance | None,
    model: str,
    contested: npt.NDArray[np.bool_] | None = None,
) -> tuple[list[int], dict[int, int]]:
    """``order`` with the statements of the question's slot newest first, and for each
    older one the row of the newest statement of its slot. Only statements of the change
    kinds take part, and only among statements as broad as themselves (one generality
    level at a time): a newer, narrower note never jumps over a principle (the heuristic's
    blind spot), while facts stated at one level of generality are ordered by time.
    Entries filed under two supersession keys are two slots (keys win); the rows the
    blend holds in doubt (``contested``) keep their places in the frame step."""
    out = list(order)
    newest: dict[int, int] = {}
    levels: dict[int, list[int]] = {}
    for position, i in enumerate(order):
        if rows[i].kind in policy.contradiction_kinds:
            levels.setdefault(int(rows[i].generality), []).append(position)
    for positions in levels.values():
        members = [order[p] for p in positions]
        if len(members) < 2:
            continue
        slots = newest_of_slot_first(
            query,
            [rows[i].content for i in members],
            [last_said(rows[i]) for i in members],
            [float(similarity[i]) for i in members],
            band=policy.slot_order_band,
            near=policy.slot_order_near,
            frame_relevance=frames,
            frame_band=policy.slot_frame_band_for(model),
            frame_weight=policy.slot_frame_weight_for(model),
            unkeyed_frame_weight=policy.slot_frame_weight_unkeyed_for(model),
            keys=[rows[i].supersession_key for i in members],
            doubted=None if contested is None else [bool(contested[i]) for i in members],
            text_relevance=frames,
            alike_cosine=policy.slot_alike_cosine_for(model),
        )
        for position, local in zip(positions, slots.order, strict=True):
            out[position] = members[local]
        newest.update({members[older]: members[new] for older, new in slots.newest.items()})
    return out, newest


FRAME_CACHE_SIZE = 8192  # frame vectors kept per embedder (MiniLM's: 1.5 kB each, 12 MB)
_frame_vectors: WeakKeyDictionary[Embedder, OrderedDict[str, npt.NDArray[np.float32]]] = (
    WeakKeyDictionary()
)
_frame_lock = threading.Lock()


def frame_relevance(embedder: Embedder) -> FrameRelevance:
    """The cosine of a question's frame to each hit's, in ``embedder``'s space.

    A hit's frame (its text without the subject's words) is the same at every recall that
    names the subject, so its vector is kept (least recently used out first, per embedder):
    a question asked again, or another about the same subject, embeds only what is new. An
    embedder that cannot be weakly referenced (or hashed) is asked for every text."""

    def relevance(question: str, texts: Sequence[str]) -> list[float]:
        wanted = [question, *texts]
        with _frame_lock:
            kept = _kept_for(embedder)
            known = {text: kept[text] for text in wanted if text in kept}
        missing = [text for text in dict.fromkeys(wanted) if text not in known]
        if missing:
            embedded = normalise_rows(embedder.embed(missing)).astype(np.float32)
            known.update(zip(missing, embedded, strict=True))
        with _frame_lock:
            for text, vector in known.items():
                kept[text] = vector
                kept.move_to_end(text)
            while len(kept) > FRAME_CACHE_SIZE:
                kept.popitem(last=False)
        vectors = np.stack([known[text] for text in wanted]).astype(np.float64)
        return [float(x) for x in vectors[1:] @ vectors[0]]

    return relevance


def _kept_for(embedder: Embedder) -> OrderedDict[str, npt.NDArray[np.float32]]:
    try:
        return _frame_vectors.setdefault(embedder, OrderedDict())
    except TypeError:  # not weakly referable or not hashable: a cache for this call only
        return OrderedDict()
