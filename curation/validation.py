"""Input validation: each bad value becomes a ValidationError naming the field and value.

Documented limits: content 1..16,000 characters; tenant 1..128 characters; supersession key,
topic and source up to 512; metadata a JSON object of at most 64 KiB; importance in [0, 1];
generality and proven non-negative integers; embeddings finite, of the store's dimension.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import re
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt

from curation.clock import ensure_aware
from curation.errors import ValidationError
from curation.kinds import MemoryKind, RecallMode

MAX_CONTENT_CHARS = 16_000
MAX_TENANT_CHARS = 128
MAX_LABEL_CHARS = 512
MAX_METADATA_BYTES = 65_536
MAX_QUERY_CHARS = 4_000
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
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
    if "\x00" in value:
        raise ValidationError(field_name, value, "contains a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValidationError(field_name, value, "is not valid Unicode (lone surrogate)") from exc
    if not allow_newlines and ("\n" in value or "\r" in value or _CONTROL.search(value)):
        raise ValidationError(field_name, value, "contains control characters")
    if not value.strip():
        raise ValidationError(field_name, value, "must not be empty")
    if len(value) > max_chars:
        raise ValidationError(
            field_name, value, f"is {len(value)} characters, the limit is {max_chars}"
        )
    return value


def validate_tenant(tenant: Any) -> str:
    return _text("tenant", tenant, max_chars=MAX_TENANT_CHARS, allow_newlines=False)


def validate_query(query: Any) -> str:
    return _text("query", query, max_chars=MAX_QUERY_CHARS, allow_newlines=True)


def validate_content(content: Any, field_name: str = "content") -> str:
    return _text(field_name, content, max_chars=MAX_CONTENT_CHARS, allow_newlines=True)


def validate_label(field_name: str, value: Any) -> str | None:
    if value is None:
        return None
    return _text(field_name, value, max_chars=MAX_LABEL_CHARS, allow_newlines=False)


def validate_kind(kind: Any) -> MemoryKind:
    try:
        return MemoryKind(kind)
    except ValueError as exc:
        allowed = ", ".join(k.value for k in MemoryKind)
        raise ValidationError("kind", kind, f"unknown kind; expected one of {allowed}") from exc


def validate_mode(mode: Any) -> RecallMode:
    try:
        return RecallMode(mode)
    except ValueError as exc:
        raise ValidationError("mode", mode, "expected 'curated' or 'raw'") from exc


def validate_unit_interval(field_name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValidationError(field_name, value, "must be a number")
    number = float(value)
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
    if metadata is None:
        return {}
    if not isinstance(metadata, dict):
        raise ValidationError("metadata", metadata, "must be a JSON object")
    try:
        encoded = json.dumps(metadata, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValidationError("metadata", metadata, f"is not JSON-serialisable: {exc}") from exc
    if "\\u0000" in encoded:
        raise ValidationError("metadata", metadata, "contains a NUL character")
    try:
        encoded.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValidationError("metadata", metadata, "is not valid Unicode") from exc
    if len(encoded) > MAX_METADATA_BYTES:
        raise ValidationError(
            "metadata", metadata, f"is {len(encoded)} bytes, the limit is {MAX_METADATA_BYTES}"
        )
    return dict(metadata)


def validate_embedding(value: Any, dimension: int) -> npt.NDArray[np.float32]:
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValidationError("embedding", value, "must be a list of numbers") from exc
    if array.ndim != 1:
        raise ValidationError("embedding", value, "must be a flat list of numbers")
    if array.shape[0] != dimension:
        from curation.errors import EmbeddingMismatchError

        raise EmbeddingMismatchError(
            "embedding", f"<{array.shape[0]} values>", f"dimension must be {dimension}"
        )
    if not np.all(np.isfinite(array)):
        raise ValidationError("embedding", "<vector>", "contains NaN or infinite values")
    norm = float(np.linalg.norm(array))
    if norm == 0.0:
        raise ValidationError("embedding", "<vector>", "is the zero vector")
    return (array / norm).astype(np.float32)


def validate_uuid(field_name: str, value: Any) -> uuid.UUID:
    if isinstance(value, uuid.UUID):
        return value
    try:
        return uuid.UUID(str(value))
    except (ValueError, AttributeError, TypeError) as exc:
        raise ValidationError(field_name, value, "is not a UUID") from exc


def validate_datetime(field_name: str, value: Any) -> datetime:
    if isinstance(value, datetime):
        return ensure_aware(value)
    if isinstance(value, str):
        try:
            return ensure_aware(datetime.fromisoformat(value.replace("Z", "+00:00")))
        except ValueError as exc:
            raise ValidationError(field_name, value, "not an ISO-8601 timestamp") from exc
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
