"""A small agent store of services, written the way a team writes notes: many subjects
that share every frame, several slots per subject, changes, paraphrases, no keys.

The case the issue found first: "The catalog service runs on port 8121" archived because
"The search service now runs on port 9011". Fifteen services, each with a port, an owning
team, an on-call weekday, a deployed version and a region; some slots change once or
twice. Each fact is written in one of several phrasings per slot (rotating), with or
without a validity note, and every (service, slot) is asked without a time. Deterministic
(seeded), written by this project for training: the hold-out set is
``evaluation.holdout``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

SERVICES = [
    "catalog",
    "search",
    "payments",
    "gateway",
    "shipping",
    "billing",
    "auth",
    "inventory",
    "pricing",
    "checkout",
    "notifications",
    "reporting",
    "ledger",
    "profile",
    "recommendations",
]
TEAMS = ["Atlas", "Borealis", "Cobalt", "Dune", "Ember", "Fjord", "Granite", "Harbor"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-south-1"]

# per slot: phrasings of one fact ({s} service, {v} value, {note} validity note or "")
PHRASINGS: dict[str, tuple[str, ...]] = {
    "port": (
        "The {s} service runs on port {v}{note}.",
        "{s} listens on port {v}{note}",
        "Port for the {s} service: {v}{note}",
    ),
    "owner": (
        "The {s} service is owned by team {v}{note}.",
        "Owner of {s}: team {v}{note}",
        "Team {v} owns the {s} service{note}.",
    ),
    "oncall": (
        "On-call handover for the {s} service happens every {v}{note}.",
        "{s} on-call rotates on {v}s{note}",
    ),
    "version": (
        "The {s} service is deployed at version {v}{note}.",
        "{s} runs release {v}{note}",
    ),
    "region": (
        "The {s} service is hosted in {v}{note}.",
        "Region of the {s} service: {v}{note}",
    ),
}
QUESTIONS = {
    "port": "Which port does the {s} service run on?",
    "owner": "Which team owns the {s} service?",
    "oncall": "On which day does the {s} service's on-call rotate?",
    "version": "Which version of the {s} service is deployed?",
    "region": "Where is the {s} service hosted?",
}


@dataclass(frozen=True)
class ServiceFact:
    service: str
    slot: str
    value: str
    written_at: datetime
    content: str
    current: bool


@dataclass(frozen=True)
class ServiceQuestion:
    service: str
    slot: str
    question: str
    current: str
    stale: frozenset[str]


def _values(slot: str, rng: random.Random) -> list[str]:
    if slot == "port":
        return [str(8000 + rng.randrange(100, 999)) for _ in range(3)]
    if slot == "owner":
        return rng.sample(TEAMS, 3)
    if slot == "oncall":
        return rng.sample(WEEKDAYS, 3)
    if slot == "version":
        major = rng.randrange(1, 5)
        return [
            f"{major}.{minor}.{rng.randrange(0, 9)}" for minor in sorted(rng.sample(range(20), 3))
        ]
    return rng.sample(REGIONS, 3)


def services_workload(
    seed: int = 28, start: datetime = datetime(2025, 1, 6, 9, tzinfo=UTC)
) -> tuple[list[ServiceFact], list[ServiceQuestion]]:
    """Every fact (time order) and every question of the services store."""
    rng = random.Random(seed)
    facts: list[ServiceFact] = []
    questions: list[ServiceQuestion] = []
    for service in SERVICES:
        for slot, phrasings in PHRASINGS.items():
            values = _values(slot, rng)
            changes = rng.choice((0, 1, 1, 2))
            history = values[: changes + 1]
            at = start + timedelta(days=rng.randrange(0, 60), hours=rng.randrange(0, 8))
            for n, value in enumerate(history):
                # the value is restated now and then (paraphrases of one fact)
                for _ in range(rng.choice((1, 1, 2))):
                    note = rng.choice(("", "", f" (as of {at:%Y-%m-%d})", f", since {at:%B %Y}"))
                    text = rng.choice(phrasings).format(s=service, v=value, note=note)
                    facts.append(ServiceFact(service, slot, value, at, text, n == len(history) - 1))
                    at += timedelta(days=rng.randrange(1, 20))
                at += timedelta(days=rng.randrange(20, 120))
            if changes:
                questions.append(
                    ServiceQuestion(
                        service,
                        slot,
                        QUESTIONS[slot].format(s=service),
                        history[-1],
                        frozenset(history[:-1]),
                    )
                )
    facts.sort(key=lambda f: (f.written_at, f.content))
    return facts, questions
