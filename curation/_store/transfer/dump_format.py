"""The full tenant dump format, and its verification before anything is written.

A dump is UTF-8 JSONL. Line 1 is the header::

    {"format": "memgov-tenant-dump", "version": 1, "tenant": "acme",
     "dumped_at": "2026-11-01T12:00:00+00:00", "schema_revision": "0002",
     "embedding_model": "all-MiniLM-L6-v2", "embedding_dimension": 384,
     "tables": [{"name": "tenant", "key": "name", "columns": [...], "rows": 1,
                 "identity": null, "identity_range": null}, ...],
     "body_bytes": 123456, "body_sha256": "<hex>"}

Every further line is one row, ``{"table": "memory", "row": {...}}``, grouped by table in
the header's order (parents before children) and sorted by primary key within a table.
A row is PostgreSQL's own ``to_jsonb`` of the table row, so values keep their exact form:
float8 and jsonb numbers as shortest round-trip decimals, timestamps ISO-8601 in UTC with
microseconds, embeddings as pgvector's text (shortest decimals that read back to the same
float32 bits), uuid arrays as JSON arrays. The checksum covers every byte after the header.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from curation._errors import DumpFormatError, ValidationError
from curation._validation import validate_tenant

FORMAT = "memgov-tenant-dump"
VERSION = 1
MAX_LINE_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class TableHeader:
    name: str
    key: str
    columns: tuple[str, ...]
    rows: int
    identity: str | None = None
    identity_range: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "key": self.key,
            "columns": list(self.columns),
            "rows": self.rows,
            "identity": self.identity,
            "identity_range": None if self.identity_range is None else list(self.identity_range),
        }


@dataclass(frozen=True)
class DumpHeader:
    tenant: str
    dumped_at: str
    schema_revision: str | None
    embedding_model: str | None
    embedding_dimension: int
    tables: tuple[TableHeader, ...]
    body_bytes: int
    body_sha256: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "tenant": self.tenant,
            "dumped_at": self.dumped_at,
            "schema_revision": self.schema_revision,
            "embedding_model": self.embedding_model,
            "embedding_dimension": self.embedding_dimension,
            "tables": [t.to_dict() for t in self.tables],
            "body_bytes": self.body_bytes,
            "body_sha256": self.body_sha256,
        }

    def table(self, name: str) -> TableHeader:
        return next(t for t in self.tables if t.name == name)


@dataclass(frozen=True)
class DumpReport:
    tenant: str
    path: str
    rows: dict[str, int]
    bytes: int
    body_sha256: str
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class RestoreReport:
    tenant: str
    rows: dict[str, int]
    event_ids: str  # "preserved" or "renumbered" (order kept)
    dump_revision: str | None
    database_revision: str | None
    seconds: float
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def body_line(table: str, row_json: str) -> bytes:
    return ('{"table": ' + json.dumps(table) + ', "row": ' + row_json + "}\n").encode("utf-8")


# -- reading ---------------------------------------------------------------------------


def _refuse_constant(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def _decode(raw: bytes, line_no: int) -> Any:
    if not raw.endswith(b"\n"):
        raise DumpFormatError(line_no, "line", f"<{len(raw)} bytes>", "truncated: no line end")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except UnicodeDecodeError as exc:
        raise DumpFormatError(line_no, "line", raw[:60], f"invalid UTF-8 at {exc.start}") from exc
    except ValueError as exc:
        raise DumpFormatError(line_no, "line", raw[:60], f"not JSON: {exc}") from exc


def read_lines(handle: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """(line number, raw line with its newline), refusing lines over the size limit."""
    line_no = 0
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > MAX_LINE_BYTES:
            raise DumpFormatError(line_no, "line", "<too long>", f"over {MAX_LINE_BYTES} bytes")
        yield line_no, raw


def _expect(ok: bool, name: str, value: Any, reason: str) -> None:
    if not ok:
        raise DumpFormatError(1, name, value, reason)


def _table_header(raw: Any) -> TableHeader:
    _expect(isinstance(raw, dict), "tables", raw, "each table entry must be an object")
    name, key, columns, rows = (raw.get(k) for k in ("name", "key", "columns", "rows"))
    identity, span = raw.get("identity"), raw.get("identity_range")
    _expect(isinstance(name, str) and bool(name), "tables.name", name, "must be a name")
    _expect(isinstance(key, str), "tables.key", key, "must be a column name")
    _expect(
        isinstance(columns, list) and all(isinstance(c, str) for c in columns) and key in columns,
        "tables.columns",
        columns,
        "must list the column names, the key among them",
    )
    _expect(
        isinstance(rows, int) and not isinstance(rows, bool) and rows >= 0,
        "tables.rows",
        rows,
        "must be a count",
    )
    _expect(identity is None or identity in columns, "tables.identity", identity, "unknown")
    if span is not None:
        _expect(
            isinstance(span, list)
            and len(span) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in span),
            "tables.identity_range",
            span,
            "must be [low, high]",
        )
    return TableHeader(
        name=name,
        key=key,
        columns=tuple(columns),
        rows=rows,
        identity=identity,
        identity_range=None if span is None else (int(span[0]), int(span[1])),
    )


def parse_header(raw: bytes) -> DumpHeader:
    obj = _decode(raw, 1)
    _expect(isinstance(obj, dict), "header", obj, "the first line must be the dump header")
    _expect(obj.get("format") == FORMAT, "format", obj.get("format"), f"expected {FORMAT!r}")
    _expect(obj.get("version") == VERSION, "version", obj.get("version"), "unsupported version")
    try:
        tenant = validate_tenant(obj.get("tenant"))
    except ValidationError as exc:
        raise DumpFormatError(1, "tenant", exc.value, exc.reason) from exc
    tables = obj.get("tables")
    _expect(isinstance(tables, list) and bool(tables), "tables", tables, "must list tables")
    parsed = tuple(_table_header(t) for t in tables)
    names = [t.name for t in parsed]
    _expect(len(set(names)) == len(names), "tables", names, "a table is listed twice")
    _expect("tenant" in names, "tables", names, "the tenant table is missing")
    dimension, sha, size = (
        obj.get(k) for k in ("embedding_dimension", "body_sha256", "body_bytes")
    )
    _expect(isinstance(dimension, int) and dimension > 0, "embedding_dimension", dimension, "")
    _expect(
        isinstance(sha, str) and len(sha) == 64, "body_sha256", sha, "must be a sha256 hex digest"
    )
    _expect(isinstance(size, int) and size >= 0, "body_bytes", size, "must be a byte count")
    model, revision, dumped_at = (
        obj.get(k) for k in ("embedding_model", "schema_revision", "dumped_at")
    )
    _expect(model is None or isinstance(model, str), "embedding_model", model, "must be text")
    _expect(revision is None or isinstance(revision, str), "schema_revision", revision, "")
    return DumpHeader(
        tenant=tenant,
        dumped_at=str(dumped_at),
        schema_revision=revision,
        embedding_model=model,
        embedding_dimension=dimension,
        tables=parsed,
        body_bytes=size,
        body_sha256=sha,
    )


def is_dump(path: Path) -> bool:
    """Whether the file starts with a dump header (so the memories-only import can say so)."""
    try:
        with path.open("rb") as handle:
            first = handle.readline(4096)
    except OSError:
        return False
    return first.lstrip().startswith(b"{") and f'"{FORMAT}"'.encode() in first


class BodyReader:
    """Walks a dump's body, checking each row against the header as it goes; ``finish``
    checks what only the whole body can prove (checksum, size, counts)."""

    def __init__(self, header: DumpHeader) -> None:
        self.header = header
        self.hasher = hashlib.sha256()
        self.size = 0
        self.counts = {t.name: 0 for t in header.tables}
        self.spans: dict[str, tuple[int, int]] = {}
        self._position = 0

    def row(self, line_no: int, raw: bytes) -> tuple[TableHeader, dict[str, Any]]:
        self.hasher.update(raw)
        self.size += len(raw)
        obj = _decode(raw, line_no)
        if not isinstance(obj, dict) or set(obj) != {"table", "row"}:
            raise DumpFormatError(line_no, "line", obj, 'expected {"table": ..., "row": {...}}')
        names = [t.name for t in self.header.tables]
        name = obj["table"]
        if name not in names:
            raise DumpFormatError(line_no, "table", name, "not listed in the header")
        index = names.index(name)
        if index < self._position:
            raise DumpFormatError(line_no, "table", name, "rows out of the header's table order")
        self._position = index
        table = self.header.tables[index]
        row = obj["row"]
        if not isinstance(row, dict) or set(row) != set(table.columns):
            shown = sorted(row) if isinstance(row, dict) else row
            raise DumpFormatError(line_no, "row", shown, f"columns differ from {table.name}'s")
        if row[table.key] != self.header.tenant:
            raise DumpFormatError(
                line_no,
                table.key,
                row[table.key],
                f"belongs to another tenant than {self.header.tenant!r}",
            )
        if table.identity is not None:
            value = row[table.identity]
            if not isinstance(value, int) or isinstance(value, bool):
                raise DumpFormatError(line_no, table.identity, value, "must be an integer")
            low, high = self.spans.get(name, (value, value))
            self.spans[name] = (min(low, value), max(high, value))
        self.counts[name] += 1
        return table, row

    def finish(self) -> None:
        header = self.header
        if self.hasher.hexdigest() != header.body_sha256:
            raise DumpFormatError(
                0, "body_sha256", header.body_sha256, "the body does not match its checksum"
            )
        if self.size != header.body_bytes:
            raise DumpFormatError(0, "body_bytes", header.body_bytes, f"the body has {self.size}")
        for table in header.tables:
            if self.counts[table.name] != table.rows:
                raise DumpFormatError(
                    0,
                    f"tables.{table.name}.rows",
                    table.rows,
                    f"the body has {self.counts[table.name]}",
                )
            if self.spans.get(table.name) != table.identity_range and table.identity is not None:
                raise DumpFormatError(
                    0, f"tables.{table.name}.identity_range", table.identity_range, "does not match"
                )
        if self.counts["tenant"] != 1:
            raise DumpFormatError(0, "tables.tenant.rows", self.counts["tenant"], "must be 1")


def verify(path: Path) -> DumpHeader:
    """Read the whole dump once: header, every row, checksum, size and counts."""
    if not path.is_file():
        raise ValidationError("path", str(path), "no such file")
    with path.open("rb") as handle:
        lines = read_lines(handle)
        first = next(lines, None)
        if first is None:
            raise DumpFormatError(0, "file", str(path), "empty: not a dump")
        header = parse_header(first[1])
        reader = BodyReader(header)
        for line_no, raw in lines:
            reader.row(line_no, raw)
        reader.finish()
    return header
