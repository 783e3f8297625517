"""Opening the store for a CLI invocation."""

from __future__ import annotations

from datetime import datetime

from curation._clock import parse_iso
from curation._embedding import embedder_from_env
from curation._store.memory_store import MemoryStore


def open_store() -> MemoryStore:
    return MemoryStore.open(embedder=embedder_from_env())


def parse_now(value: str | None) -> datetime | None:
    return None if value is None else parse_iso(value, "--now")
