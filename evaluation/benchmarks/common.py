"""Shared by the benchmark adapters: the memory a turn becomes, id namespaces, errors."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

BENCHMARK_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://memgov.dev/benchmarks")


class BenchmarkFormatError(ValueError):
    """The file is not in the benchmark's layout (beyond the faults the adapter repairs)."""


def stable_id(*parts: str) -> uuid.UUID:
    """Deterministic memory id: uuid5 of the parts joined with ``/``."""
    return uuid.uuid5(BENCHMARK_NAMESPACE, "/".join(parts))


@dataclass(kw_only=True)
class FaultLog:
    """The data faults an adapter survived: a count per fault and up to 10 examples each."""

    faults: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, fault: str, example: str, n: int = 1) -> None:
        self.faults[fault] += n
        examples = self.examples.setdefault(fault, [])
        if len(examples) < 10:
            examples.append(example)


@dataclass(frozen=True)
class TurnMemory:
    """One dialogue turn as the memory it is ingested as."""

    key: str  # the benchmark's own turn id (LoCoMo dia_id, LongMemEval session:index)
    memory_id: uuid.UUID
    content: str
    at: datetime
    speaker: str
    metadata: dict[str, Any] = field(default_factory=dict)

    def as_input(self, kind: str = "conversation") -> dict[str, Any]:
        return {
            "id": self.memory_id,
            "content": self.content,
            "kind": kind,
            "created_at": self.at,
            "source": self.speaker[:512] or None,
            "metadata": self.metadata,
        }


def read_json(path: str | Path) -> Any:
    source = Path(path)
    if not source.is_file():
        raise FileNotFoundError(f"benchmark file not found: {source}")
    try:
        with source.open(encoding="utf-8") as handle:
            return json.load(handle)
    except json.JSONDecodeError as exc:
        raise BenchmarkFormatError(f"{source}: not JSON ({exc.msg} at line {exc.lineno})") from exc


def text_of(value: Any) -> str:
    """Answers are sometimes numbers (LoCoMo, LongMemEval); they read as text."""
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)
