"""Labeled statement pairs from the shared benchmarks, and the conflict detector's
precision and recall on them (``memgov eval conflict-pairs``).

Built from the paths given, never copied into the repository. Labels:

- ``lme-knowledge-update`` (conflict): in a LongMemEval knowledge-update question, the
  older answer turn and the newer one that changed its value (the most similar older x
  newer answer-turn pair of the question).
- ``lme-different-question`` (not): an answer turn and its most similar answer turn from
  another question (another user, another subject: hard negatives by construction).
- ``timeqa-same-slot`` (conflict): one subject's consecutive values of a single-valued
  ("accumulate") relation, rendered as the workload's memories (``timeqa``).
- ``timeqa-different-subject`` (not): a fact and its most similar fact about another
  subject of the same relation.
- ``timeqa-simultaneous`` (not): two values of one subject held in the same window (a
  multi-valued slot), and ``timeqa-events`` (not): two values of a pointwise relation
  (awards, nominations): neither replaces the other.

The detector is what the curation pass applies to a pair: cosine >= the model's
contradiction threshold, a value differs (``values``) about the same subjects, and
``slots.compare_slots`` says same slot (``SAME_SLOT`` supersedes, ``MAYBE`` opens a
conflict). The value guard alone (the detector before issue 17) is reported beside it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

from curation import (
    CurationPolicy,
    Embedder,
    SlotVerdict,
    compare_slots,
    distinct_subjects,
    value_differences,
)
from evaluation.benchmarks.embed_cache import embed_cached
from evaluation.benchmarks.longmemeval import load_longmemeval
from evaluation.benchmarks.timeqa import Fact, TimeQAData, load_timeqa
from evaluation.benchmarks.wordings import family_names, reword

POSITIVE_SOURCES = ("lme-knowledge-update", "timeqa-same-slot")


@dataclass(frozen=True)
class LabeledPair:
    source: str
    older: str
    newer: str
    conflict: bool
    strictly_newer: bool = True  # written later (same moment: values held at once)


@dataclass(frozen=True)
class PairVerdict:
    """What the detectors say about one pair."""

    similarity: float
    value_guard: bool  # the pre-issue-17 detector: similar + a value differs
    conflict: bool  # same subject and slot (SAME_SLOT or MAYBE)
    supersedes: bool  # SAME_SLOT: the newer may supersede the older


def _nearest_other(vectors: np.ndarray, groups: Sequence[str]) -> list[int | None]:
    """For each row, the most similar row of another group."""
    sims = vectors @ vectors.T
    labels = np.asarray(groups, dtype=object)
    same = labels[:, None] == labels[None, :]
    sims[same] = -np.inf
    best = sims.argmax(axis=1)
    return [int(b) if np.isfinite(sims[i, b]) else None for i, b in enumerate(best)]


def timeqa_pairs(data: TimeQAData, embedder: Embedder, cache: Path | None) -> list[LabeledPair]:
    """TimeQA's labelled pairs, the facts written as ``data`` writes them (``reword``)."""
    out: list[LabeledPair] = []
    for code, facts in sorted(data.facts.items()):
        pointwise = data.relations[code].pointwise
        by_subject: dict[str, list[Fact]] = defaultdict(list)
        for fact in facts:
            by_subject[fact.subject_index].append(fact)
        for subject_facts in by_subject.values():
            for older, newer in pairwise(subject_facts):
                if older.answer == newer.answer:
                    continue
                if older.at == newer.at:
                    source, conflict = "timeqa-simultaneous", False
                elif pointwise:
                    source, conflict = "timeqa-events", False
                else:
                    source, conflict = "timeqa-same-slot", True
                out.append(
                    LabeledPair(source, older.content, newer.content, conflict, older.at < newer.at)
                )
        if len(by_subject) < 2:
            continue
        vectors = embed_cached(embedder, [f.content for f in facts], cache)
        nearest = _nearest_other(vectors, [f.subject_index for f in facts])
        for n, other in enumerate(nearest):
            if other is None:
                continue
            older, newer = sorted((facts[n], facts[other]), key=lambda f: (f.at, f.content))
            out.append(
                LabeledPair(
                    "timeqa-different-subject",
                    older.content,
                    newer.content,
                    False,
                    older.at < newer.at,
                )
            )
    return out


def longmemeval_pairs(
    path: str | Path, embedder: Embedder, cache: Path | None
) -> list[LabeledPair]:
    data = load_longmemeval(path)
    out: list[LabeledPair] = []
    answer_turns: list[tuple[str, str, Any]] = []  # (question id, content, at)
    for question in data.questions:
        for turn in question.turns:
            if turn.has_answer:
                answer_turns.append((question.question_id, turn.memory.content, turn.memory.at))
        pair = question.update_pair
        if pair is None or question.abstention:
            continue
        old_session, new_session = pair
        olds = [t.memory.content for t in old_session.answer_turns or old_session.turns]
        news = [t.memory.content for t in new_session.answer_turns or new_session.turns]
        olds = [t for t in olds if t not in news]
        if not olds or not news:
            continue
        vo, vn = embed_cached(embedder, olds, cache), embed_cached(embedder, news, cache)
        i, j = np.unravel_index(int(np.argmax(vo @ vn.T)), (len(olds), len(news)))
        out.append(LabeledPair("lme-knowledge-update", olds[int(i)], news[int(j)], True))
    unique = list({content: (qid, content, at) for qid, content, at in answer_turns}.values())
    vectors = embed_cached(embedder, [content for _, content, _ in unique], cache)
    nearest = _nearest_other(vectors, [qid for qid, _, _ in unique])
    for n, other in enumerate(nearest):
        if other is None:
            continue
        older, newer = sorted((unique[n], unique[other]), key=lambda t: (t[2], t[1]))
        out.append(
            LabeledPair("lme-different-question", older[1], newer[1], False, older[2] < newer[2])
        )
    return out


def judge(
    pairs: Sequence[LabeledPair], embedder: Embedder, cache: Path | None
) -> list[PairVerdict]:
    threshold = CurationPolicy().contradiction_threshold_for(embedder.model_name)
    texts = list(dict.fromkeys(t for p in pairs for t in (p.older, p.newer)))
    vectors = embed_cached(embedder, texts, cache)
    row = {t: n for n, t in enumerate(texts)}
    out = []
    for pair in pairs:
        similarity = float(vectors[row[pair.older]] @ vectors[row[pair.newer]])
        similar = similarity >= threshold
        diffs = value_differences(pair.older, pair.newer) if similar else []
        guard = bool(diffs) and not distinct_subjects(diffs)
        verdict = SlotVerdict.DIFFERENT
        if similar and pair.strictly_newer and not distinct_subjects(diffs):
            verdict = compare_slots(pair.older, pair.newer).verdict
        out.append(
            PairVerdict(
                similarity=round(similarity, 4),
                value_guard=guard,
                conflict=verdict in (SlotVerdict.CHANGE,),
                supersedes=verdict == SlotVerdict.CHANGE,
            )
        )
    return out


def precision_recall(
    pairs: Sequence[LabeledPair], verdicts: Sequence[PairVerdict], detector: str
) -> dict[str, Any]:
    flagged = [getattr(v, detector) for v in verdicts]
    tp = sum(f and p.conflict for f, p in zip(flagged, pairs, strict=True))
    fp = sum(f and not p.conflict for f, p in zip(flagged, pairs, strict=True))
    positives = sum(p.conflict for p in pairs)
    by_source: dict[str, dict[str, int]] = defaultdict(lambda: {"pairs": 0, "flagged": 0})
    for f, p in zip(flagged, pairs, strict=True):
        by_source[p.source]["pairs"] += 1
        by_source[p.source]["flagged"] += int(f)
    return {
        "detector": detector,
        "pairs": len(pairs),
        "positives": positives,
        "flagged": tp + fp,
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / positives if positives else None,
        "by_source": dict(sorted(by_source.items())),
    }


def evaluate(
    embedder: Embedder,
    *,
    timeqa: str | Path | None,
    longmemeval: str | Path | None,
    cache: Path | None = None,
    wording: str = "benchmark",
) -> dict[str, Any]:
    """The detectors on every pair (TimeQA in ``wording``, or in the benchmark's own
    wording when that is ``all``); with ``all``, the change detector on TimeQA's pairs in
    every wording family too, and the spread of its precision across them."""
    main = "benchmark" if wording == "all" else wording
    by_family: dict[str, list[LabeledPair]] = {}
    if timeqa is not None:
        data = load_timeqa(timeqa)  # read once, written in every wording asked
        for family in family_names() if wording == "all" else [main]:
            by_family[family] = timeqa_pairs(reword(data, family), embedder, cache)
    pairs = list(by_family.get(main, []))
    if longmemeval is not None:
        pairs += longmemeval_pairs(longmemeval, embedder, cache)
    verdicts = judge(pairs, embedder, cache)
    result: dict[str, Any] = {
        "embedding_model": embedder.model_name,
        "wording": main,
        "detectors": [
            precision_recall(pairs, verdicts, name)
            for name in ("value_guard", "conflict", "supersedes")
        ],
    }
    if wording == "all" and by_family:
        per_family = {}
        for family, family_pairs in by_family.items():
            # a pair's verdict is its own: the main wording's were judged above
            family_verdicts = (
                verdicts[: len(family_pairs)]
                if family == main
                else judge(family_pairs, embedder, cache)
            )
            per_family[family] = precision_recall(family_pairs, family_verdicts, "supersedes")
        result["wordings"] = per_family
        result["precision_spread"] = _spread(r["precision"] for r in per_family.values())
        result["recall_spread"] = _spread(r["recall"] for r in per_family.values())
    return result


def _spread(values: Iterable[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return round(max(known) - min(known), 4) if known else None
