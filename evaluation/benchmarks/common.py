"""Shared by the benchmark adapters: the memory a turn becomes, id namespaces, errors."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
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

    @classmethod
    def in_session(
        cls,
        key: str,
        id_parts: tuple[str, ...],
        content: str,
        session_at: datetime,
        index: int,
        speaker: str,
        metadata: dict[str, Any],
    ) -> TurnMemory:
        """A session's turn ``index``: said ``index`` seconds after the session began, its
        id ``stable_id(*id_parts)``."""
        return cls(
            key=key,
            memory_id=stable_id(*id_parts),
            content=content,
            at=session_at + timedelta(seconds=index),
            speaker=speaker,
            metadata=metadata,
        )

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


def read_objects(
    path: str | Path, what: str, item: str, lone: str | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The objects of the JSON list at ``path`` with their positions; refused unless it is
    a list of ``what`` (a lone object holding the key ``lone`` reads as a list of one),
    each ``item`` an object."""
    data = read_json(path)
    if lone is not None and isinstance(data, dict) and lone in data:
        data = [data]
    if not isinstance(data, list):
        raise BenchmarkFormatError(f"{path}: expected a list of {what}")
    for position, entry in enumerate(data):
        if not isinstance(entry, dict):
            raise BenchmarkFormatError(f"{path}: {item} {position} is not an object")
        yield position, entry


def session_time(
    parse: Callable[[str], datetime],
    value: Any,
    previous: datetime | None,
    log: FaultLog,
    where: str,
) -> datetime:
    """A session's date as ``parse`` reads it; one it cannot read is noted
    ``undated_sessions`` and placed an hour after the ``previous`` session."""
    try:
        return parse(text_of(value))
    except ValueError:
        log.note("undated_sessions", where)
        return (previous or datetime(2000, 1, 1, tzinfo=UTC)) + timedelta(hours=1)


def text_of(value: Any) -> str:
    """Answers are sometimes numbers (LoCoMo, LongMemEval); they read as text."""
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)
