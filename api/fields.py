"""The wire types of the request fields: every rule the store enforces on a value, stated
in ``/openapi.json`` (lengths, ranges, patterns, formats) and checked by the same pattern
here, so that a request the schema calls valid is never refused and one it forbids is
never taken. The store checks again (its rules are the source); this module only spells
them for clients.

Patterns spell character classes out (no ``\\s``): JSON Schema's regex dialect, Python's
and the Rust engine pydantic uses read the shorthand classes differently. "Blank" is
Python's ``str.isspace`` (the store refuses a value that ``strip()`` empties)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import BeforeValidator, Field, StringConstraints, WithJsonSchema

from curation import (
    MAX_ABS_SCORE,
    MAX_AGENT_ID_CHARS,
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    MAX_LIST_LIMIT,
    MAX_QUERY_CHARS,
    MAX_RECALL_K,
)

# what str.isspace() calls whitespace
_BLANK = r"\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
# refused anywhere in a single-line label: controls but tab, C1, line separators, bidi
_NOT_IN_LABEL = r"\x00-\x08\n-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_NOT_IN_IDENTIFIER = r"\x00-\x1f\x7f"


def _somewhere_not_blank(forbidden: str) -> str:
    """No character of ``forbidden`` anywhere, and at least one that is not blank."""
    return f"^[^{forbidden}]*[^{forbidden}{_BLANK}][^{forbidden}]*$"


TEXT_PATTERN = _somewhere_not_blank(r"\x00")
LABEL_PATTERN = _somewhere_not_blank(_NOT_IN_LABEL)
IDENTIFIER_PATTERN = _somewhere_not_blank(_NOT_IN_IDENTIFIER)
UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
NO_NUL_PATTERN = "^[^\\x00]*$"
# RFC 3339 with an offset; years 0003..9997 so that no offset moves it out of the store's
# years 2..9998 in UTC
TIMESTAMP_PATTERN = (
    "^(000[3-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-7])"
    "-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
    "T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,6})?"
    "(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"
)

# what a refused pattern means, for the error message (pydantic would print the regex)
PATTERN_RULES = {
    TEXT_PATTERN: "must contain a non-blank character and no NUL",
    LABEL_PATTERN: "must be one line with a non-blank character and no control characters",
    IDENTIFIER_PATTERN: "must contain a non-blank character and no control characters",
    UUID_PATTERN: "must be a UUID (8-4-4-4-12 hex digits)",
    NO_NUL_PATTERN: "must not contain a NUL character",
    TIMESTAMP_PATTERN: (
        "must be an RFC 3339 timestamp with an offset, e.g. 2024-05-01T12:00:00Z (years 0003..9997)"
    ),
}

Content = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_CONTENT_CHARS, pattern=TEXT_PATTERN)
]
Query = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_QUERY_CHARS, pattern=TEXT_PATTERN)
]
Label = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_LABEL_CHARS, pattern=LABEL_PATTERN)
]
AgentId = Annotated[
    str,
    StringConstraints(min_length=1, max_length=MAX_AGENT_ID_CHARS, pattern=IDENTIFIER_PATTERN),
]
Uuid = Annotated[
    str,
    StringConstraints(pattern=UUID_PATTERN),
    WithJsonSchema({"type": "string", "format": "uuid", "pattern": UUID_PATTERN}),
]
Timestamp = Annotated[
    str,
    StringConstraints(pattern=TIMESTAMP_PATTERN),
    WithJsonSchema({"type": "string", "format": "date-time", "pattern": TIMESTAMP_PATTERN}),
]
Kind = Literal["tool_output", "conversation", "fact", "preference"]
UnitInterval = Annotated[float, Field(ge=0.0, le=1.0)]


def _integral(value: Any) -> Any:
    """JSON Schema calls 606.0 an integer: take it as 606 (a fraction stays refused)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**63:
        return int(value)
    return value


Integral = BeforeValidator(_integral)
Count = Annotated[int, Field(ge=0, le=2**31 - 1), Integral]
Score = Annotated[float, Field(ge=-MAX_ABS_SCORE, le=MAX_ABS_SCORE)]
RecallDepth = Annotated[int, Field(ge=1, le=MAX_RECALL_K), Integral]
PageSize = Annotated[int, Field(ge=1, le=MAX_LIST_LIMIT)]

# metadata: any JSON object whose strings and keys hold no NUL (the recursive value schema
# is a component of its own, added by api.app; the store checks depth, size and numbers)
METADATA_VALUE = "MetadataValue"
METADATA_VALUE_SCHEMA: dict[str, Any] = {
    "description": "Any JSON value; no string or key holds a NUL character.",
    "anyOf": [
        {"type": "null"},
        {"type": "boolean"},
        {"type": "number"},
        {"type": "string", "pattern": NO_NUL_PATTERN},
        {"type": "array", "items": {"$ref": f"#/components/schemas/{METADATA_VALUE}"}},
        {
            "type": "object",
            "propertyNames": {"pattern": NO_NUL_PATTERN},
            "additionalProperties": {"$ref": f"#/components/schemas/{METADATA_VALUE}"},
        },
    ],
}
Metadata = Annotated[
    dict[str, Any],
    WithJsonSchema(
        {
            "type": "object",
            "description": "Free-form JSON (at most 64 KiB encoded, 64 levels deep).",
            "propertyNames": {"pattern": NO_NUL_PATTERN},
            "additionalProperties": {"$ref": f"#/components/schemas/{METADATA_VALUE}"},
        }
    ),
]


def _path_id(what: str) -> Any:
    return Path(pattern=UUID_PATTERN, json_schema_extra={"format": "uuid"}, description=what)


MemoryId = Annotated[str, _path_id("A memory's id.")]
ProposalId = Annotated[str, _path_id("A proposal's id.")]
ConflictId = Annotated[str, _path_id("A conflict's id.")]
ChangeId = Annotated[str, _path_id("A held change's id.")]
