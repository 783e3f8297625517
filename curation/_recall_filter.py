"""What a recall may return besides being similar: kind, topic, source, metadata, when.

A filter is part of the candidate search's WHERE clause, not a pass over its results, so a
filtered recall returns k matches whenever k exist, however many nearer memories do not
match (pgvector's iterative index scan keeps looking until the LIMIT is met).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from curation._errors import ValidationError
from curation._kinds import MemoryKind
from curation._validation import (
    validate_datetime,
    validate_kind,
    validate_label,
    validate_metadata,
)


@dataclass(frozen=True)
class RecallFilter:
    """Every field optional; all given ones must hold. ``metadata`` matches when each of
    its keys is in the memory's metadata with exactly that value."""

    kinds: tuple[MemoryKind, ...] = ()
    topic: str | None = None
    source: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    written_after: datetime | None = None
    written_before: datetime | None = None

    @classmethod
    def of(
        cls,
        *,
        kind: Any = None,
        topic: Any = None,
        source: Any = None,
        metadata: Any = None,
        written_after: Any = None,
        written_before: Any = None,
    ) -> RecallFilter:
        """Validated from loose input (one kind or a list of kinds; ISO or datetime),
        each refusal naming its field and value. A window that ends before it starts is
        valid and empty (a schema cannot state the order, so no surface refuses it)."""
        kinds = () if kind is None else kind if isinstance(kind, list | tuple) else (kind,)
        after = None if written_after is None else validate_datetime("written_after", written_after)
        before = (
            None if written_before is None else validate_datetime("written_before", written_before)
        )
        matched = validate_metadata(metadata)
        for key, value in matched.items():
            if not isinstance(value, str | int | float | bool):
                raise ValidationError(
                    f"metadata.{key}", value, "a filter matches one text, number or boolean"
                )
        return cls(
            kinds=tuple(dict.fromkeys(validate_kind(k) for k in kinds)),
            topic=validate_label("topic", topic),
            source=validate_label("source", source),
            metadata=matched,
            written_after=after,
            written_before=before,
        )

    @classmethod
    def coerce(cls, value: RecallFilter | Mapping[str, Any] | None) -> RecallFilter | None:
        """A filter from a ``RecallFilter``, a mapping of ``of``'s fields, or None."""
        if value is None or isinstance(value, RecallFilter):
            return value if value is None or value.active else None
        if not isinstance(value, Mapping):
            raise ValidationError("filters", value, "must be an object of filter fields")
        unknown = sorted(set(value) - _FIELDS)
        if unknown:
            raise ValidationError(
                "filters",
                unknown[0],
                f"unknown filter; expected one of {', '.join(sorted(_FIELDS))}",
            )
        made = cls.of(**value)
        return made if made.active else None

    @property
    def active(self) -> bool:
        return bool(
            self.kinds
            or self.topic is not None
            or self.source is not None
            or self.metadata
            or self.written_after is not None
            or self.written_before is not None
        )

    def sql(self) -> tuple[str, dict[str, Any]]:
        """The WHERE conditions (on ``memory m``) and their parameters."""
        parts: list[str] = []
        params: dict[str, Any] = {}
        if self.kinds:
            parts.append("m.kind = ANY(:f_kinds)")
            params["f_kinds"] = [k.value for k in self.kinds]
        if self.topic is not None:
            parts.append("m.topic = :f_topic")
            params["f_topic"] = self.topic
        if self.source is not None:
            parts.append("m.source = :f_source")
            params["f_source"] = self.source
        if self.metadata:
            parts.append("m.metadata @> CAST(:f_metadata AS jsonb)")
            params["f_metadata"] = json.dumps(dict(self.metadata))
        if self.written_after is not None:
            parts.append("m.created_at > :f_after")
            params["f_after"] = self.written_after
        if self.written_before is not None:
            parts.append("m.created_at < :f_before")
            params["f_before"] = self.written_before
        return "".join(f" AND {p}" for p in parts), params


_FIELDS = frozenset({"kind", "topic", "source", "metadata", "written_after", "written_before"})
