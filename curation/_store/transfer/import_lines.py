"""Reading and parsing the lines of a JSONL import, hostile ones included.

A line becomes a validated memory, a rejection naming the field and the reason, or
nothing (blank). Reading is bounded: an enormous line is measured and skipped in chunks,
never held in memory whole. Nothing a file contains can raise here: every problem of a
line is that line's rejection, and every value shown in a rejection is printable (a lone
surrogate is shown escaped) so the report and the rejects file can always be written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import BinaryIO

from curation._errors import ValidationError, printable
from curation._jsondoc import loads
from curation._records import RejectedRow
from curation._validation import MemoryInput, validate_memory

IMPORT_FIELDS = frozenset(
    {
        "content",
        "kind",
        "created_at",
        "importance",
        "generality",
        "proven",
        "supersession_key",
        "pinned",
        "metadata",
        "embedding",
        "embedding_model",
        "id",
        "topic",
        "source",
    }
)
# written by export for the record; an import takes the memory, not its curation state
EXPORT_ONLY_FIELDS = frozenset({"state"})
MAX_LINE_BYTES = 4 * 1024 * 1024
UTF8_BOM = b"\xef\xbb\xbf"
_JSON_WHITESPACE = b" \t\r\n"
_SKIP_CHUNK = 1 << 20


def shown(value: object) -> str:
    """A value as a rejection shows it: printable, at most 200 characters."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    text = printable(text)
    return text if len(text) <= 200 else text[:197] + "..."


def _rejected(line_no: int, field: str, value: object, reason: str) -> RejectedRow:
    return RejectedRow(line_no, printable(field), shown(value), printable(reason))


def oversized(line_no: int, size: int) -> RejectedRow:
    return RejectedRow(line_no, "line", f"<{size} bytes>", f"line exceeds {MAX_LINE_BYTES} bytes")


def read_lines(handle: BinaryIO) -> Iterator[tuple[int, bytes | int]]:
    """(line number, the line without its ending) for each line; for a line longer than
    ``MAX_LINE_BYTES`` its size instead, the rest of it skipped without being kept. A
    UTF-8 byte-order mark at the start of the file is not part of the first line."""
    if handle.read(len(UTF8_BOM)) != UTF8_BOM:
        handle.seek(0)
    line_no = 0
    while raw := handle.readline(MAX_LINE_BYTES + 1):
        line_no += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            size = len(raw)
            while chunk := handle.readline(_SKIP_CHUNK):
                size += len(chunk)
                if chunk.endswith(b"\n"):
                    size -= 1
                    break
            yield line_no, size
            continue
        yield line_no, raw.rstrip(b"\r\n")


def parse_line(raw: bytes, line_no: int, dimension: int) -> MemoryInput | RejectedRow | None:
    """One line to a validated memory, a rejection with its reason, or None when blank
    (nothing but JSON whitespace)."""
    if len(raw) > MAX_LINE_BYTES:
        return oversized(line_no, len(raw))
    if not raw.strip(_JSON_WHITESPACE):
        return None
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _rejected(
            line_no,
            "line",
            raw[:60].decode("utf-8", "replace"),
            f"invalid UTF-8 at byte {exc.start}",
        )
    try:
        obj = loads(decoded, "line")
    except ValidationError as exc:
        return _rejected(line_no, exc.field, exc.value, exc.reason)
    if not isinstance(obj, dict):
        return _rejected(line_no, "line", obj, "a line must be a JSON object")
    unknown = sorted(set(obj) - IMPORT_FIELDS - EXPORT_ONLY_FIELDS)
    if unknown:
        name = unknown[0]  # an empty or unprintable name is shown quoted and escaped
        label = name if name.isprintable() and name.strip() else json.dumps(name)
        return _rejected(line_no, label, obj[name], "unknown field")
    if "content" not in obj:
        return _rejected(line_no, "content", "", "missing required field")
    fields = {k: v for k, v in obj.items() if k in IMPORT_FIELDS}
    fields.setdefault("kind", "fact")
    try:
        return validate_memory(**fields, dimension=dimension)
    except ValidationError as exc:
        return _rejected(line_no, exc.field, exc.value, exc.reason)
