"""Input validation: each bad value becomes a ValidationError naming the field and value.

Documented limits: content 1..16,000 characters; tenant 1..128 characters; supersession key,
topic and source up to 512; metadata a JSON object of at most 64 KiB; importance in [0, 1];
generality and proven non-negative integers; embeddings finite, of the store's dimension.

Hostile input: text never holds NUL or a lone surrogate (PostgreSQL cannot store either);
single-line labels (tenant, keys, topic, source, actor) hold no control, line-separator or
bidirectional-override characters, so what a curator reads is what is stored; a tenant
name also has no invisible format characters (zero-width space, BOM) and no surrounding
whitespace, so two tenants cannot look alike. Timestamps lie within years 2..9998 in UTC.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import re
import unicodedata
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from curation import _tenant_names as tenant_names
from curation._clock import ensure_aware
from curation._errors import ValidationError
from curation._jsondoc import document_problem, text_problem
from curation._kinds import MemoryKind, RecallMode

MAX_CONTENT_CHARS = 16_000
MAX_TENANT_CHARS = 128
MAX_LABEL_CHARS = 512
MAX_METADATA_BYTES = 65_536
MAX_QUERY_CHARS = 4_000
MAX_LIST_LIMIT = 2**31 - 1  # listings are paged by the caller; this only bounds the type
MAX_RECALL_K = 1000  # the largest recall (and golden-probe) depth
MIN_YEAR, MAX_YEAR = 2, 9998
_E = TypeVar("_E", bound=StrEnum)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# C1 controls (incl. NEL), line/paragraph separators, bidirectional embeddings and isolates
_LABEL_FORBIDDEN = re.compile(r"[\x80-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_WS = re.compile(r"\s+")


@dataclass(frozen=True)
class MemoryInput:
    content: str
    kind: MemoryKind
    importance: float = 0.5
    generality: int = 0
    proven: int = 0
    supersession_key: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    pinned: bool = False
    embedding: npt.NDArray[np.float32] | None = None
    embedding_model: str | None = None
    id: uuid.UUID | None = None
    created_at: datetime | None = None
    topic: str | None = None
    source: str | None = None


def _text(field_name: str, value: Any, *, max_chars: int, allow_newlines: bool) -> str:
    if not isinstance(value, str):
        raise ValidationError(field_name, value, f"must be a string, got {type(value).__name__}")
    problem = text_problem(value)
    if problem:
        raise ValidationError(field_name, value, problem)
    if not allow_newlines and (
        "\n" in value or "\r" in value or _CONTROL.search(value) or _LABEL_FORBIDDEN.search(value)
    ):
        raise ValidationError(field_name, value, "contains control characters")
    if not value.strip():
        raise ValidationError(field_name, value, "must not be empty")
    if len(value) > max_chars:
        raise ValidationError(
            field_name, value, f"is {len(value)} characters, the limit is {max_chars}"
        )
    return value


def validate_tenant(tenant: Any) -> str:
    name = _text("tenant", tenant, max_chars=MAX_TENANT_CHARS, allow_newlines=False)
    if name != name.strip():
        raise ValidationError("tenant", name, "has leading or trailing whitespace")
    if "\t" in name or any(unicodedata.category(ch) == "Cf" for ch in name):
        raise ValidationError("tenant", name, "contains a tab or an invisible format character")
    return tenant_names.check(name)


def validate_query(query: Any) -> str:
    return _text("query", query, max_chars=MAX_QUERY_CHARS, allow_newlines=True)


def validate_content(content: Any, field_name: str = "content") -> str:
    return _text(field_name, content, max_chars=MAX_CONTENT_CHARS, allow_newlines=True)


def validate_label(field_name: str, value: Any) -> str | None:
    if value is None:
        return None
    return _text(field_name, value, max_chars=MAX_LABEL_CHARS, allow_newlines=False)


def validate_actor(actor: Any) -> str:
    """Who acted, as recorded on every event: a single-line label."""
    return _text("actor", actor, max_chars=MAX_LABEL_CHARS, allow_newlines=False)


def validate_search_text(field_name: str, value: Any) -> str | None:
    """A substring filter: any storable text (spaces and punctuation included), or None."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValidationError(field_name, value, f"must be a string, got {type(value).__name__}")
    problem = text_problem(value)
    if problem:
        raise ValidationError(field_name, value, problem)
    if len(value) > MAX_QUERY_CHARS:
        raise ValidationError(
            field_name, value, f"is {len(value)} characters, the limit is {MAX_QUERY_CHARS}"
        )
    return value


def validate_limit(
    field_name: str, value: Any, *, minimum: int = 1, maximum: int = MAX_LIST_LIMIT
) -> int:
    """A page size (or, with ``minimum=0``, an offset) for a listing."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(field_name, value, "must be an integer")
    if not minimum <= value <= maximum:
        raise ValidationError(field_name, value, f"must be between {minimum} and {maximum}")
    return value


def validate_items(items: Any) -> list[Any]:
    """The batch of a ``remember_many``: a list or tuple (not a string or a mapping)."""
    if isinstance(items, str | bytes | dict) or not isinstance(items, Sequence):
        raise ValidationError("items", items, "must be a list of memories")
    return list(items)


def validate_path(field_name: str, value: Any) -> Path:
    """A file path given as text or a path object."""
    if isinstance(value, bytes) or not isinstance(value, str | os.PathLike):
        raise ValidationError(field_name, value, "must be a file path")
    path = Path(value)
    problem = text_problem(str(path))
    if problem:
        raise ValidationError(field_name, str(path), problem)
    return path


def validate_now(now: Any) -> datetime:
    """An injected time: a datetime (naive is taken as UTC) that PostgreSQL can store."""
    if not isinstance(now, datetime):
        raise ValidationError("now", now, "must be a datetime")
    return _in_range("now", ensure_aware(now))


def validate_kind(kind: Any) -> MemoryKind:
    try:
        return MemoryKind(kind)
    except ValueError as exc:
        allowed = ", ".join(k.value for k in MemoryKind)
        raise ValidationError("kind", kind, f"unknown kind; expected one of {allowed}") from exc


def validate_status(value: Any, vocabulary: type[_E], field_name: str = "status") -> _E:
    """A value of a closed vocabulary (a status filter, say), refused with the choices."""
    try:
        return vocabulary(value)
    except (ValueError, TypeError) as exc:
        allowed = ", ".join(v.value for v in vocabulary)
        raise ValidationError(field_name, value, f"expected one of {allowed}") from exc


def validate_mode(mode: Any) -> RecallMode:
    try:
        return RecallMode(mode)
    except ValueError as exc:
        raise ValidationError("mode", mode, "expected 'curated' or 'raw'") from exc


def validate_unit_interval(field_name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValidationError(field_name, value, "must be a number")
    try:
        number = float(value)
    except OverflowError as exc:
        raise ValidationError(field_name, value, "must be between 0 and 1") from exc
    if not math.isfinite(number) or not 0.0 <= number <= 1.0:
        raise ValidationError(field_name, value, "must be between 0 and 1")
    return number


def validate_count(field_name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise ValidationError(field_name, value, "must be a non-negative integer")
    if value < 0:
        raise ValidationError(field_name, value, "must be a non-negative integer")
    if value > 2**31 - 1:
        raise ValidationError(field_name, value, "is too large")
    return int(value)


def validate_bool(field_name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValidationError(field_name, value, "must be true or false")
    return value


def validate_metadata(metadata: Any) -> dict[str, Any]:
    """A JSON object ``jsonb`` stores verbatim: string keys, finite numbers, no NUL or lone
    surrogate anywhere, at most 64 levels deep and 64 KiB encoded."""
    if metadata is None:
        return {}
    if not isinstance(metadata, dict):
        raise ValidationError("metadata", metadata, "must be a JSON object")
    problem = document_problem(metadata)
    if problem:
        raise ValidationError("metadata", metadata, problem)
    encoded = json.dumps(metadata)
    if len(encoded) > MAX_METADATA_BYTES:
        raise ValidationError(
            "metadata", metadata, f"is {len(encoded)} bytes, the limit is {MAX_METADATA_BYTES}"
        )
    return dict(metadata)


_PLAIN_NUMBERS = frozenset({float, int})


def _numbers(value: Any) -> npt.NDArray[np.float64]:
    """A flat vector of real numbers; strings, booleans and nested lists are refused even
    where numpy would coerce them ("1.0", True)."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "fiu":
            raise ValidationError("embedding", value, "must be a list of numbers")
        if value.ndim != 1:
            raise ValidationError("embedding", value, "must be a flat list of numbers")
        return value.astype(np.float64)
    if isinstance(value, str | bytes | dict) or not isinstance(value, Sequence):
        raise ValidationError("embedding", value, "must be a list of numbers")
    # plain floats and ints (JSON's numbers) pass in one C-level sweep; anything else is
    # judged item by item (a per-item isinstance costs ~3 ms a 384-d vector, which bounded
    # bulk ingest)
    for item in () if set(map(type, value)) <= _PLAIN_NUMBERS else value:
        if isinstance(item, list | tuple | np.ndarray):
            raise ValidationError("embedding", value, "must be a flat list of numbers")
        if isinstance(item, bool | np.bool_) or not isinstance(
            item, int | float | np.integer | np.floating
        ):
            raise ValidationError("embedding", value, "must be a list of numbers")
    try:
        return np.asarray(value, dtype=np.float64)
    except OverflowError as exc:
        raise ValidationError("embedding", "<vector>", "contains a number too large") from exc


def validate_embedding(value: Any, dimension: int) -> npt.NDArray[np.float32]:
    array = _numbers(value)
    if array.shape[0] != dimension:
        from curation._errors import EmbeddingMismatchError

        raise EmbeddingMismatchError(
            "embedding", f"<{array.shape[0]} values>", f"dimension must be {dimension}"
        )
    if not np.all(np.isfinite(array)):
        raise ValidationError("embedding", "<vector>", "contains NaN or infinite values")
    scale = float(np.max(np.abs(array)))
    if scale == 0.0:
        raise ValidationError("embedding", "<vector>", "is the zero vector")
    scaled = array / scale  # huge or tiny components normalise without overflow
    return (scaled / float(np.linalg.norm(scaled))).astype(np.float32)


def validate_uuid(field_name: str, value: Any) -> uuid.UUID:
    if isinstance(value, uuid.UUID):
        return value
    try:
        return uuid.UUID(str(value))
    except (ValueError, AttributeError, TypeError) as exc:
        raise ValidationError(field_name, value, "is not a UUID") from exc


def _in_range(field_name: str, value: datetime) -> datetime:
    try:
        utc = value.astimezone(UTC)
    except OverflowError as exc:
        raise ValidationError(field_name, value.isoformat(), "is out of range") from exc
    if not MIN_YEAR <= utc.year <= MAX_YEAR:
        raise ValidationError(
            field_name, value.isoformat(), f"is out of range (years {MIN_YEAR}..{MAX_YEAR} UTC)"
        )
    return value


def validate_datetime(field_name: str, value: Any) -> datetime:
    """An aware timestamp within years 2..9998 in UTC: PostgreSQL stores later ones, but
    psycopg cannot read back a year past 9999 in the session's zone, which would break
    every listing of the tenant (a day's margin covers any zone)."""
    if isinstance(value, datetime):
        return _in_range(field_name, ensure_aware(value))
    if isinstance(value, str):
        try:
            parsed = ensure_aware(datetime.fromisoformat(value.replace("Z", "+00:00")))
        except ValueError as exc:
            raise ValidationError(field_name, value, "not an ISO-8601 timestamp") from exc
        return _in_range(field_name, parsed)
    raise ValidationError(field_name, value, "must be an ISO-8601 timestamp")


def content_hash(content: str) -> str:
    """Identity of a statement for revive-on-restate: whitespace-insensitive, case-sensitive."""
    normalised = _WS.sub(" ", content.strip())
    return hashlib.sha256(normalised.encode("utf-8")).hexdigest()


def validate_memory_mapping(fields: Any, *, dimension: int) -> MemoryInput:
    """``validate_memory`` for a caller's mapping: kind defaults to ``fact`` as in
    ``remember``, and an unknown key is a ValidationError naming it (not a TypeError)."""
    if not isinstance(fields, dict):
        try:
            fields = dict(fields)
        except (TypeError, ValueError) as exc:
            raise ValidationError("item", fields, "must be a mapping of memory fields") from exc
    allowed = {f.name for f in dataclasses.fields(MemoryInput)}
    for key in fields:
        if key not in allowed:
            raise ValidationError(str(key), fields[key], "unknown field")
    if "content" not in fields:
        raise ValidationError("content", None, "missing required field")
    return validate_memory(**{"kind": "fact", **fields}, dimension=dimension)


def validate_memory(
    *,
    content: Any,
    kind: Any,
    importance: Any = 0.5,
    generality: Any = 0,
    proven: Any = 0,
    supersession_key: Any = None,
    metadata: Any = None,
    pinned: Any = False,
    embedding: Any = None,
    embedding_model: Any = None,
    id: Any = None,
    created_at: Any = None,
    topic: Any = None,
    source: Any = None,
    dimension: int,
) -> MemoryInput:
    return MemoryInput(
        content=validate_content(content),
        kind=validate_kind(kind),
        importance=validate_unit_interval("importance", importance),
        generality=validate_count("generality", generality),
        proven=validate_count("proven", proven),
        supersession_key=validate_label("supersession_key", supersession_key),
        metadata=validate_metadata(metadata),
        pinned=validate_bool("pinned", pinned),
        embedding=None if embedding is None else validate_embedding(embedding, dimension),
        embedding_model=validate_label("embedding_model", embedding_model),
        id=None if id is None else validate_uuid("id", id),
        created_at=None if created_at is None else validate_datetime("created_at", created_at),
        topic=validate_label("topic", topic),
        source=validate_label("source", source),
    )
