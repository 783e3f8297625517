"""The data contract between the fleet simulator and the A/B runner.

A ``Fleet`` is a timeline of what a multi-tenant agent fleet did — writes, background
recalls, contests — plus the evaluation queries asked at checkpoints, each with ground
truth: which memory ids are correct *at that moment*, which are stale (superseded by the
world) and which are refuted (the evidence turned against them). Memory ids are fixed by
the simulator (written with ``remember(id=...)``) so ground truth can name them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

ROLES = (
    "principle",  # durable, broad, rarely recalled
    "lesson",  # one lesson re-stated many ways across runs
    "hotfix",  # narrow workaround for an integration later rewritten (goes stale)
    "rewrite",  # the statement that makes a hotfix stale
    "state",  # a state fact under a supersession key whose value changes
    "claim",  # a claim later refuted by evidence
    "correction",  # the statement of the evidence that refutes a claim
    "tool_output",  # high-volume, short-lived
    "preference",  # long-lived
)

# what a scripted write (simulated or the demo's) passes to ``remember`` besides its time
MEMORY_FIELDS = ("content", "kind", "importance", "generality", "supersession_key", "topic")


def memory_input(write: object) -> dict[str, Any]:
    """A scripted write's ``MEMORY_FIELDS``, as ``remember`` takes them."""
    return {name: getattr(write, name) for name in MEMORY_FIELDS}


@dataclass(frozen=True)
class SimWrite:
    id: str
    tenant: str
    at: datetime
    content: str
    kind: str
    role: str
    subject: str  # the topic/slot this write is about (ground-truth grouping)
    importance: float = 0.5
    generality: int = 0
    supersession_key: str | None = None
    topic: str | None = None
    agent_id: str = "agent-0"

    def as_input(self) -> dict[str, Any]:
        return {"id": self.id, **memory_input(self), "created_at": self.at, "source": self.agent_id}


@dataclass(frozen=True)
class SimRecall:
    """Background recall traffic (the votes), with a realistic popularity skew."""

    tenant: str
    at: datetime
    query: str
    agent_id: str
    subject: str


@dataclass(frozen=True)
class SimContest:
    """Evidence against a claim, reported by an agent (the store gets ``contest``)."""

    tenant: str
    at: datetime
    memory_id: str
    claim: str
    evidence: str
    source: str


@dataclass(frozen=True)
class SimQuery:
    """An evaluation question with the truth at ``at``."""

    id: str
    tenant: str
    at: datetime
    query: str
    subject: str
    correct_ids: frozenset[str]
    stale_ids: frozenset[str] = frozenset()
    refuted_ids: frozenset[str] = frozenset()
    kind: str = "fact"  # the role family the question probes (state, hotfix, lesson, ...)


@dataclass
class FleetConfig:
    tenants: int = 2
    days: int = 60
    writes_per_day: int = 40
    recalls_per_day: int = 30
    queries_per_checkpoint: int = 20
    checkpoint_every_days: int = 7
    seed: int = 7
    start: datetime = datetime(2026, 6, 1, 8, 0)
    # share of state changes written with a supersession key; real agents rarely write
    # keys, so "sparse keys" (e.g. 0.1) tests the store's key-less inference
    key_share: float = 1.0

    def day(self, n: float) -> datetime:
        from curation import ensure_aware

        return ensure_aware(self.start) + timedelta(days=n)


@dataclass
class Fleet:
    config: FleetConfig
    writes: list[SimWrite] = field(default_factory=list)
    recalls: list[SimRecall] = field(default_factory=list)
    contests: list[SimContest] = field(default_factory=list)
    queries: list[SimQuery] = field(default_factory=list)

    @property
    def tenants(self) -> list[str]:
        return sorted({w.tenant for w in self.writes})

    def end(self) -> datetime:
        return self.config.day(self.config.days)
