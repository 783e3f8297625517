"""The built-in demo fleet: two tenants over sixty simulated days, small enough to read,
with every failure the sources name — a lesson echoed many ways, a hotfix gone stale, state
facts that change under a supersession key, a claim later refuted, tool-output noise,
quiet durable principles and long-lived preferences.

The script is data, ``fleet.json`` beside this module: per tenant its writes in order, the
tool-output noise (a template and the values its fields draw from), its background
recalls, the questions with their ground truth (``DemoQuery``) and its golden probes. The
EU hosting pair is written so that the older statement carries a key the newer lacks:
keys win over inference, so the store does not supersede it on its own but opens a
conflict for the curator. Deterministic for a seed (the noise's times and values).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from evaluation.fleet import memory_input

START = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
NOW = START + timedelta(days=61)
SCRIPT = Path(__file__).with_name("fleet.json")


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
        return {**memory_input(self), "pinned": self.pinned, "created_at": self.at}


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


def _tool_outputs(
    rng: random.Random, count: int, first_ref: int, template: str, fields: dict[str, list[str]]
) -> list[DemoWrite]:
    """``count`` tool outputs at random times of the sixty days, numbered from ``first_ref``;
    each draws its time, then one value per field in order."""
    writes: list[DemoWrite] = []
    for n in range(count):
        day = rng.uniform(0, 60)
        values = {name: rng.choice(choices) for name, choices in fields.items()}
        text = template.format(ref=first_ref + n, **values)
        writes.append(DemoWrite(day, text, kind="tool_output", importance=0.3))
    return writes


def _script(tenant: str, raw: dict[str, Any], rng: random.Random) -> TenantScript:
    return TenantScript(
        tenant,
        writes=[DemoWrite(**w) for w in raw["writes"]] + _tool_outputs(rng, **raw["tool_outputs"]),
        recalls=[DemoRecall(day, r["query"]) for r in raw["recalls"] for day in r["days"]],
        queries=[DemoQuery(**{**q, "stale": tuple(q.get("stale", ()))}) for q in raw["queries"]],
        golden=[(query, content) for query, content in raw["golden"]],
    )


def demo_fleet(seed: int = 7) -> list[TenantScript]:
    rng = random.Random(seed)
    tenants = json.loads(SCRIPT.read_text(encoding="utf-8"))
    return [_script(tenant, raw, rng) for tenant, raw in tenants.items()]
