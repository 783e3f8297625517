"""The built-in demo fleet: two tenants over sixty simulated days, small enough to read,
with every failure the sources name — a lesson echoed many ways, a hotfix gone stale, state
facts that change under a supersession key, a claim later refuted, tool-output noise,
quiet durable principles and long-lived preferences.

Deterministic for a seed. ``DemoQuery`` carries the ground truth the demo prints against.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

START = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
NOW = START + timedelta(days=61)


@dataclass(frozen=True)
class DemoWrite:
    day: float
    content: str
    kind: str = "fact"
    importance: float = 0.5
    generality: int = 0
    supersession_key: str | None = None
    topic: str | None = None
    pinned: bool = False

    @property
    def at(self) -> datetime:
        return START + timedelta(days=self.day)

    def as_input(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "kind": self.kind,
            "importance": self.importance,
            "generality": self.generality,
            "supersession_key": self.supersession_key,
            "topic": self.topic,
            "pinned": self.pinned,
            "created_at": self.at,
        }


@dataclass(frozen=True)
class DemoRecall:
    day: float
    query: str


@dataclass(frozen=True)
class DemoQuery:
    """A question asked at NOW; ``current`` is the truth now, ``stale`` what used to be."""

    query: str
    current: str
    stale: tuple[str, ...] = ()
    note: str = ""  # one line the demo prints under the query: why a weak result is so


@dataclass
class TenantScript:
    tenant: str
    writes: list[DemoWrite] = field(default_factory=list)
    recalls: list[DemoRecall] = field(default_factory=list)
    queries: list[DemoQuery] = field(default_factory=list)
    golden: list[tuple[str, str]] = field(default_factory=list)  # (query, expected content)


SUPPORT_LESSON = [
    "Customers on the legacy billing system must be migrated before any plan change",
    "Migrate legacy billing customers first, then change their plan",
    "Before changing a plan, check whether the customer is still on legacy billing "
    "and migrate them",
    "A plan change fails for customers still on the legacy billing system unless they "
    "are migrated first",
    "Plan changes require migrating legacy billing customers beforehand",
    "Customers on the legacy billing system must be migrated before a plan change",
    "Customers on legacy billing must be migrated before any plan change is made",
    "Remember: legacy billing customers need migration before their plan can change",
    "If the customer is on legacy billing, migrate them before the plan change",
    "Customers still on the legacy billing system must be migrated before any plan change",
    "Plan change blocked? The customer is probably on legacy billing and must be migrated first",
    "Always migrate customers off the legacy billing system before any plan change",
]

DEVOPS_LESSON = [
    "Flaky integration tests usually mean the test database was not reset",
    "When integration tests are flaky, first check that the test database was reset",
    "Integration test flakiness is usually caused by a test database that was not reset",
    "Flaky integration tests: reset the test database before anything else",
    "Flaky integration tests usually mean the test database was not reset between runs",
    "Most flaky integration tests come from a test database that was not reset",
    "If integration tests are flaky, the test database probably was not reset",
    "Flaky integration tests usually happen when the test database is not reset",
    "A test database that was not reset is the usual cause of flaky integration tests",
    "Check the test database reset first when integration tests turn flaky",
]


def _support(rng: random.Random) -> TenantScript:
    s = TenantScript("demo-acme-support")
    w = s.writes.append
    w(
        DemoWrite(
            0,
            "Always verify the customer's identity before discussing account details",
            importance=0.9,
            generality=2,
            topic="identity",
        )
    )
    w(
        DemoWrite(
            0,
            "Refunds over $500 need a supervisor's approval",
            importance=0.9,
            generality=2,
            topic="refunds",
        )
    )
    w(
        DemoWrite(
            1,
            "Never promise delivery dates the carrier has not confirmed",
            importance=0.8,
            generality=2,
            topic="shipping",
        )
    )
    for i, text in enumerate(SUPPORT_LESSON):
        w(
            DemoWrite(
                2 + i * 4.5,
                text,
                kind="conversation" if i % 3 == 0 else "fact",
                importance=0.6,
                topic="billing",
            )
        )
    w(
        DemoWrite(
            5,
            "Workaround: the Zendesk sync drops attachments over 10MB, so upload large "
            "attachments to the shared drive and paste the link",
            importance=0.6,
        )
    )
    w(
        DemoWrite(
            31,
            "The Zendesk integration was rewritten and now syncs attachments of any size directly",
            importance=0.7,
        )
    )
    w(DemoWrite(3, "Customer Initech is on the Basic plan", supersession_key="plan:initech"))
    w(DemoWrite(40, "Customer Initech upgraded to the Pro plan", supersession_key="plan:initech"))
    w(
        DemoWrite(
            4,
            "The refund window is 14 days from delivery",
            supersession_key="policy:refund",
            importance=0.8,
        )
    )
    w(
        DemoWrite(
            45,
            "The refund window is 30 days from delivery",
            supersession_key="policy:refund",
            importance=0.8,
        )
    )
    # the older statement carries a key the newer lacks: keys win over inference, so the
    # store does not supersede it on its own but opens a conflict for the curator
    w(
        DemoWrite(
            6,
            "The EU customer data is hosted in the Frankfurt data center",
            supersession_key="hosting:eu-data",
            importance=0.7,
        )
    )
    w(DemoWrite(50, "The EU customer data is hosted in the Dublin data center", importance=0.7))
    w(
        DemoWrite(
            2,
            "Customer Globex prefers to be contacted by email, never by phone",
            kind="preference",
            importance=0.8,
        )
    )
    w(
        DemoWrite(
            8,
            "Customer Umbrella wants invoices addressed to their finance department",
            kind="preference",
            importance=0.7,
        )
    )
    for n in range(140):
        day = rng.uniform(0, 60)
        order = 10_000 + n
        status = rng.choice(["shipped", "delivered", "in transit", "processing"])
        carrier = rng.choice(["UPS", "DHL", "FedEx"])
        w(
            DemoWrite(
                day,
                f"Order lookup #{order}: status {status}, carrier {carrier}",
                kind="tool_output",
                importance=0.3,
            )
        )
    for day in (6, 9, 12, 15, 20, 24):
        s.recalls.append(DemoRecall(day, "customer attachment is too large to sync"))
    for day in (41, 47, 55):
        s.recalls.append(DemoRecall(day, "what plan is Initech on"))
    s.queries = [
        DemoQuery(
            "How do I send a customer attachment that is too large?",
            "Zendesk integration was rewritten",
            ("Zendesk sync drops attachments",),
        ),
        DemoQuery("What plan is Initech on?", "upgraded to the Pro plan", ("Basic plan",)),
        DemoQuery("How long is the refund window?", "30 days", ("14 days",)),
        DemoQuery("Where is EU customer data hosted?", "Dublin", ("Frankfurt",)),
        DemoQuery("What should I check before changing a customer's plan?", "legacy billing"),
    ]
    s.golden = [
        (
            "verify identity before account details",
            "Always verify the customer's identity before discussing account details",
        )
    ]
    return s


def _devops(rng: random.Random) -> TenantScript:
    s = TenantScript("demo-globex-devops")
    w = s.writes.append
    w(
        DemoWrite(
            0,
            "Run database migrations before deploying a new API version",
            importance=0.9,
            generality=2,
            topic="deploys",
        )
    )
    w(
        DemoWrite(
            0,
            "Every production deploy goes through a canary stage first",
            importance=0.9,
            generality=2,
            topic="deploys",
        )
    )
    for i, text in enumerate(DEVOPS_LESSON):
        w(DemoWrite(1 + i * 5.5, text, importance=0.6, topic="testing"))
    w(
        DemoWrite(
            4,
            "Hotfix: restart the payments worker when the Stripe webhook queue stalls",
            importance=0.6,
        )
    )
    w(
        DemoWrite(
            33,
            "The payments worker was rewritten on a durable queue; webhook stalls "
            "now recover on their own",
            importance=0.7,
        )
    )
    w(
        DemoWrite(
            2,
            "Deployment status of checkout-service: healthy",
            kind="tool_output",
            supersession_key="deploy:checkout",
        )
    )
    w(
        DemoWrite(
            30,
            "Deployment status of checkout-service: degraded",
            kind="tool_output",
            supersession_key="deploy:checkout",
        )
    )
    w(
        DemoWrite(
            60.5,
            "Deployment status of checkout-service: healthy after rollback",
            kind="tool_output",
            supersession_key="deploy:checkout",
        )
    )
    w(DemoWrite(7, "The staging cluster autoscaler allows at most 20 nodes", importance=0.6))
    w(DemoWrite(52, "The staging cluster autoscaler allows at most 40 nodes", importance=0.6))
    w(
        DemoWrite(
            1,
            "The team prefers deploys on Tuesday and Wednesday mornings",
            kind="preference",
            importance=0.7,
        )
    )
    for n in range(120):
        day = rng.uniform(0, 60)
        job = 5000 + n
        result = rng.choice(["passed", "passed", "passed", "failed"])
        w(
            DemoWrite(
                day,
                f"CI job {job} {result} in {rng.randint(4, 19)} minutes",
                kind="tool_output",
                importance=0.3,
            )
        )
    for day in (5, 8, 11, 14):
        s.recalls.append(DemoRecall(day, "Stripe webhook queue is stalled"))
    s.queries = [
        DemoQuery(
            "The Stripe webhook queue stalled, what do I do?",
            "rewritten on a durable queue",
            ("restart the payments worker",),
            note="needs a curator: nothing in the text says the rewrite made the hotfix "
            "obsolete (no shared key, no contradicting value), so curation keeps both",
        ),
        DemoQuery(
            "What is the status of checkout-service?", "healthy after rollback", ("degraded",)
        ),
        DemoQuery("How many nodes can the staging autoscaler use?", "40 nodes", ("20 nodes",)),
        DemoQuery(
            "Why are the integration tests flaky?",
            "test database",
            note="curated hits 2-3 are CI logs because the three same-meaning lessons were "
            "folded into hit 1; nothing else in the store is about flaky tests",
        ),
    ]
    s.golden = [
        (
            "canary stage before production deploy",
            "Every production deploy goes through a canary stage first",
        )
    ]
    return s


def demo_fleet(seed: int = 7) -> list[TenantScript]:
    rng = random.Random(seed)
    return [_support(rng), _devops(rng)]
