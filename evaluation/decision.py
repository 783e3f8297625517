"""The decision rule: what an agent would act on, given what recall returned.

Two decisions per query, as the design card asks:
- **top-1 on topic**: the agent skims past off-topic hits and acts on the first recalled
  entry about the query's subject;
- **context under a token budget**: the agent reads hits in order until the budget is
  spent and acts on the first on-topic entry it read; a correct entry it never reached
  does not help it.
Outcome of a decision: ``correct`` (an entry true now), ``doubted`` (a stale or refuted
entry that arrived with its conflict attached, so the agent was warned), ``wrong``
(a stale or refuted entry taken at face value, or nothing on topic). Scores: correct 1,
doubted 0.5, wrong 0 — acting on a refuted claim costs more than distrusting a sound one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from curation import RecallHit
from evaluation.fleet import SimQuery

SCORES = {"correct": 1.0, "doubted": 0.5, "wrong": 0.0}


def tokens(text: str) -> int:
    """A model-free token estimate (~1.3 tokens per word), enough to compare arms."""
    return max(1, round(len(text.split()) * 1.3))


@dataclass(frozen=True)
class Decision:
    outcome: str
    memory_id: str | None
    rank: int | None  # 1-based position of the acted-on hit

    @property
    def score(self) -> float:
        return SCORES[self.outcome]


def judge(hit: RecallHit | None, query: SimQuery, rank: int | None) -> Decision:
    if hit is None:
        return Decision("wrong", None, None)
    if hit.id in query.correct_ids:
        return Decision("correct", hit.id, rank)
    if hit.conflicts and (hit.id in query.refuted_ids or hit.id in query.stale_ids):
        return Decision("doubted", hit.id, rank)
    return Decision("wrong", hit.id, rank)


def on_topic(hit: RecallHit, query: SimQuery, subjects: Mapping[str, str]) -> bool:
    return subjects.get(hit.id) == query.subject or hit.id in query.correct_ids


def decide_top1(
    hits: Sequence[RecallHit], query: SimQuery, subjects: Mapping[str, str]
) -> Decision:
    for rank, hit in enumerate(hits, start=1):
        if on_topic(hit, query, subjects):
            return judge(hit, query, rank)
    return Decision("wrong", None, None)


def decide_budget(
    hits: Sequence[RecallHit], query: SimQuery, subjects: Mapping[str, str], budget: int
) -> Decision:
    spent = 0
    for rank, hit in enumerate(hits, start=1):
        spent += tokens(hit.content)
        if spent > budget and rank > 1:
            break
        if on_topic(hit, query, subjects):
            return judge(hit, query, rank)
    return Decision("wrong", None, None)


def context_tokens(hits: Sequence[RecallHit]) -> int:
    return sum(tokens(hit.content) for hit in hits)
