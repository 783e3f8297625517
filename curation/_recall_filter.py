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

    def _conditions(self) -> list[tuple[str, str, Any]]:
        """(condition on ``memory m``, parameter name, value) for each filter that is set:
        the one place that says when a filter is set and what it matches."""
        metadata = json.dumps(dict(self.metadata)) if self.metadata else None
        candidates = [
            ("m.kind = ANY(:f_kinds)", "f_kinds", [k.value for k in self.kinds] or None),
            ("m.topic = :f_topic", "f_topic", self.topic),
            ("m.source = :f_source", "f_source", self.source),
            ("m.metadata @> CAST(:f_metadata AS jsonb)", "f_metadata", metadata),
            ("m.created_at > :f_after", "f_after", self.written_after),
            ("m.created_at < :f_before", "f_before", self.written_before),
        ]
        return [(where, name, value) for where, name, value in candidates if value is not None]

    @property
    def active(self) -> bool:
        return bool(self._conditions())

    def sql(self) -> tuple[str, dict[str, Any]]:
        """The WHERE conditions (on ``memory m``) and their parameters."""
        conditions = self._conditions()
        where = "".join(f" AND {condition}" for condition, _, _ in conditions)
        return where, {name: value for _, name, value in conditions}


_FIELDS = frozenset({"kind", "topic", "source", "metadata", "written_after", "written_before"})
