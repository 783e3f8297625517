"""The JSONL importer under hostile files: hypothesis mixes good rows carrying injection
payloads in every string field with broken ones (random bytes, invalid UTF-8 mid-line,
NUL, lone surrogates, deep nesting, duplicate keys, wrong types for every field, NaN and
wrong-dimension vectors, huge numbers), with LF or CRLF endings and an optional BOM.

Properties: the import raises nothing for a bad line; every good row is stored exactly
once, byte-identical; every bad line is reported with its number and a reason naming the
field; good + bad + blank == lines; the tenant holds exactly the good rows (memory,
memory_state and write events) and nothing else changed anywhere.
"""

from __future__ import annotations

import itertools
import json
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from curation_helpers import T0
from hostile_inputs import (
    CREATED_AT,
    DIM,
    EMBEDDING,
    FRESH_UUID,
    HOSTILE,
    INJECTIONS,
    METADATA,
    all_tables_exist,
    hostile_text,
    label_text,
    tenant_counts,
    unit_floats,
)
from hypothesis import event, given
from hypothesis import strategies as st
from store_helpers import hashing_store

from curation import (
    EmbeddingMismatchError,
    EventType,
    FixedClock,
    HashingEmbedder,
    MemoryStore,
    ValidationError,
    internals,
)
from curation._store.transfer.import_lines import MAX_LINE_BYTES

SENTINEL = "sentinel"
_tenants = itertools.count()


@pytest.fixture(scope="module")
def store(pg_server: str) -> Iterator[MemoryStore]:
    """One database for the module, with a sentinel tenant whose rows must never change;
    each example imports into a tenant of its own."""
    with hashing_store(pg_server, FixedClock(T0)) as memory_store:
        memory_store.remember(SENTINEL, "The sentinel's only memory.", topic="sentinel")
        yield memory_store


def fresh_tenant() -> str:
    return f"imp-{next(_tenants)}"


# -- good rows --------------------------------------------------------------------------


@dataclass
class Good:
    """A row the importer must keep, and what it must keep of it."""

    fields: dict[str, Any]
    ensure_ascii: bool

    def encode(self) -> bytes:
        return json.dumps(self.fields, ensure_ascii=self.ensure_ascii).encode("utf-8")


@st.composite
def good_rows(draw: st.DrawFn, index: int) -> Good:
    """Valid values only, with hostile text in every string field; content and key are
    unique per row so no row re-states or supersedes another."""
    tag = f"row-{index}:"
    fields: dict[str, Any] = {"content": tag + draw(hostile_text(max_size=60))}
    optional: dict[str, st.SearchStrategy[Any]] = {
        "kind": st.sampled_from(["fact", "preference", "tool_output", "conversation"]),
        "importance": st.one_of(st.floats(0.0, 1.0), st.just(-0.0), st.sampled_from([0, 1])),
        "generality": st.integers(0, 2**31 - 1),
        "proven": st.integers(0, 2**31 - 1),
        "pinned": st.booleans(),
        "supersession_key": label_text(tag),
        "topic": label_text("t:"),
        "source": label_text("s:"),
        "metadata": METADATA,
        "embedding": EMBEDDING,
        "created_at": CREATED_AT.map(lambda d: d.isoformat()),
        "id": FRESH_UUID.map(str),
        "state": st.just({"status": "archived", "archive_reason": "'; DROP TABLE memory; --"}),
    }
    for name in draw(st.sets(st.sampled_from(sorted(optional)), max_size=len(optional))):
        fields[name] = draw(optional[name])
    if "embedding" in fields:
        fields["embedding_model"] = "hashing-v1"
    return Good(fields, draw(st.booleans()))


# -- bad rows ---------------------------------------------------------------------------


@dataclass
class Bad:
    """A line the importer must refuse, and the fields its rejection may name."""

    raw: bytes
    fields: set[str] = field(default_factory=set)  # empty: any field (random bytes)
    reason: str = ""  # a fragment the reason must contain


def js(obj: Any) -> bytes:
    return json.dumps(obj).encode("utf-8")


STRING_FIELDS = ("content", "kind", "supersession_key", "topic", "source", "embedding_model")
WRONG: dict[str, list[Any]] = {
    "content": [5, [], {}, None, True, "", " \t "],
    "kind": [5, None, [], "opinion", "'; DROP TABLE memory; --", "FACT"],
    "importance": ["0.5", True, [], {}, 1.5, -0.1, None],
    "generality": [-1, 1.5, "2", True, 2**31, None],
    "proven": [-3, 0.5, "1", False, 10**30],
    "pinned": ["yes", 1, None, "true"],
    "supersession_key": [5, [], "", "a\nb", "k" * 513, "\u202eevil", "x\x85y"],
    "topic": [5, {}, "two\nlines", "t" * 513, "\x1b[31m"],
    "source": [True, "\r", "s" * 513],
    "metadata": [[], "{}", 5, True],
    "embedding": [
        "abc",
        [],
        [0.1, 0.2, 0.3],
        [0.0] * DIM,
        ["1.0"] * DIM,
        [True] * DIM,
        [[0.5] * DIM],
        {"0": 1.0},
        [0.5] * (DIM + 1),
    ],
    "embedding_model": [5, "text-embedding-3-small", "a\nb"],
    "id": ["not-a-uuid", 5, [], "'; DROP TABLE memory; --", "00000000-0000-0000-0000"],
    "created_at": [
        "yesterday",
        5,
        [],
        "9999-12-31T23:59:59-05:00",
        "0001-01-01T00:00:00+01:00",
        "2026-13-01T00:00:00",
    ],
}


def _bad_field(name: str, value: Any) -> Bad:
    row: dict[str, Any] = {"content": f"wrong {name}", name: value}
    if name == "embedding_model":
        row["embedding"] = [0.5] * DIM
    return Bad(js(row), {name})


def _with_escape(name: str, escape: str, reason: str) -> Bad:
    """A JSON escape (``\\u0000``, ``\\ud800``) spelled into one string field."""
    mark = "@ESCAPE@"
    row: dict[str, Any] = {"content": "escaped"}
    if name == "metadata-key":
        row["metadata"] = {"k" + mark: 1}
    elif name == "metadata-value":
        row["metadata"] = {"k": "v" + mark}
    else:
        row[name] = "v" + mark
    if name == "embedding_model":
        row["embedding"] = [0.5] * DIM
    raw = js(row).replace(mark.encode(), escape.encode())
    return Bad(raw, {"metadata" if name.startswith("metadata") else name}, reason)


ESCAPE_FIELDS = [*STRING_FIELDS, "id", "created_at", "metadata-key", "metadata-value"]


BAD_KINDS = (
    "random",
    "utf8",
    "nul",
    "surrogate",
    "deep",
    "deep-metadata",
    "non-object",
    "duplicate",
    "wrong-type",
    "nan",
    "dimension",
    "huge",
    "unknown",
    "injection",
    "bom",
    "control",
)


@st.composite
def bad_rows(draw: st.DrawFn, kind: str) -> Bad:
    event(f"bad line: {kind}")
    if kind == "random":
        raw = draw(
            st.binary(min_size=1, max_size=80).filter(
                lambda b: b"\n" not in b and b.strip(b" \t\r") != b""
            )
        )
        return Bad(raw)
    if kind == "utf8":  # a bad byte in the middle of an otherwise good line
        bad_bytes = draw(
            st.sampled_from([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80", b"\xf0\x9f\x98"])
        )
        return Bad(b'{"content": "caf' + bad_bytes + b'e au lait"}', {"line"}, "UTF-8")
    if kind == "nul":
        name = draw(st.sampled_from(ESCAPE_FIELDS))
        if draw(st.booleans()):  # a raw NUL byte is not JSON at all
            return Bad(b'{"content": "raw\x00nul"}', {"line"}, "JSON")
        return _with_escape(
            name,
            "\\u0000",
            "NUL" if name not in ("kind", "id", "created_at", "embedding_model") else "",
        )
    if kind == "surrogate":
        name = draw(st.sampled_from(ESCAPE_FIELDS))
        escape = draw(st.sampled_from(["\\ud800", "\\udfff", "\\udc80x", "\\ud83d"]))
        return _with_escape(name, escape, "")
    if kind == "deep":
        depth = draw(st.integers(2_000, 60_000))
        opener, closer = draw(st.sampled_from([(b"[", b"]"), (b'{"a":', b"}")]))
        return Bad(opener * depth + b"1" + closer * depth, {"line"}, "nested")
    if kind == "deep-metadata":
        depth = draw(st.integers(65, 400))
        nested = '{"a": ' * depth + "1" + "}" * depth
        return Bad(
            ('{"content": "deep", "metadata": ' + nested + "}").encode(),
            {"metadata", "line"},
            "nested",
        )
    if kind == "non-object":
        raw = draw(
            st.sampled_from(
                [
                    b"42",
                    b'"a string"',
                    b"null",
                    b"true",
                    b"[1, 2]",
                    b'["content", "x"]',
                    b"-0.0",
                    b"NaN",
                    b"1e999",
                ]
            )
        )
        return Bad(raw, {"line"}, "object")
    if kind == "duplicate":
        name = draw(st.sampled_from(["content", "kind", "id", "metadata"]))
        return Bad(
            ('{"content": "dup", "' + name + '": "a", "' + name + '": "b"}').encode(),
            {"line"},
            "duplicate",
        )
    if kind == "wrong-type":
        name = draw(st.sampled_from(sorted(WRONG)))
        return _bad_field(name, draw(st.sampled_from(WRONG[name])))
    if kind == "nan":
        poison = draw(st.sampled_from([b"NaN", b"Infinity", b"-Infinity", b"1e999"]))
        where = draw(st.integers(0, DIM - 1))
        values = [b"0.5"] * DIM
        values[where] = poison
        return Bad(
            b'{"content": "poisoned", "embedding": [' + b", ".join(values) + b"]}",
            {"embedding"},
            "NaN",
        )
    if kind == "dimension":
        size = draw(st.one_of(st.integers(1, DIM - 1), st.integers(DIM + 1, 2 * DIM)))
        return Bad(js({"content": "short", "embedding": [0.25] * size}), {"embedding"}, "dimension")
    if kind == "huge":
        name, literal, field_name = draw(
            st.sampled_from(
                [
                    ("importance", "1" + "0" * 400, "importance"),
                    ("importance", "1e400", "importance"),
                    ("generality", "9" * 400, "generality"),
                    ("proven", "1e300", "proven"),
                    ("generality", "7" * 5000, "line"),  # past the integer conversion limit
                    ("metadata", '{"n": ' + "8" * 1500 + "}", "metadata"),
                ]
            )
        )
        return Bad(f'{{"content": "huge", "{name}": {literal}}}'.encode(), {field_name})
    if kind == "unknown":
        name = draw(st.sampled_from([*INJECTIONS[:8], "colour", "Content", "content "]))
        return Bad(js({"content": "unknown field", name: 1}), {name}, "unknown")
    if kind == "injection":  # payloads where they are not acceptable values
        name = draw(st.sampled_from(["kind", "id", "created_at", "importance"]))
        return Bad(js({"content": "injected", name: draw(st.sampled_from(INJECTIONS))}), {name})
    if kind == "bom":  # a BOM is only skipped at the very start of the file
        return Bad("\ufeff".encode() + js({"content": "bom mid-file"}), {"line"}, "JSON")
    raw = draw(
        st.sampled_from(
            [b"\x0c", "\u2028".encode(), b"\x0b", "\u00a0".encode(), b"\x1c", b"\r\x00"]
        )
    )
    return Bad(raw, {"line"})


@dataclass
class MixedFile:
    lines: list[Good | Bad | None]  # None: a blank line
    crlf: bool
    bom: bool

    def write(self, path: Path) -> None:
        ending = b"\r\n" if self.crlf else b"\n"
        parts = [
            b"" if line is None else line.encode() if isinstance(line, Good) else line.raw
            for line in self.lines
        ]
        path.write_bytes((b"\xef\xbb\xbf" if self.bom else b"") + ending.join(parts) + ending)


@st.composite
def mixed_files(draw: st.DrawFn) -> MixedFile:
    """Up to 14 lines; the kinds of bad line take turns from a drawn offset, so a bounded
    run still tries every kind many times."""
    count = draw(st.integers(1, 14))
    turn = draw(st.integers(0, len(BAD_KINDS) - 1))
    lines: list[Good | Bad | None] = []
    for index in range(count):
        choice = draw(st.sampled_from(["good", "bad", "bad", "blank"]))
        if choice == "good":
            lines.append(draw(good_rows(index)))
        elif choice == "bad":
            if index == 0 and BAD_KINDS[turn % len(BAD_KINDS)] == "bom":
                turn += 1  # a BOM opening the file is the file's own, not a bad line
            lines.append(draw(bad_rows(BAD_KINDS[turn % len(BAD_KINDS)])))
            turn += 1
        else:
            lines.append(None)
    return MixedFile(lines, draw(st.booleans()), draw(st.booleans()))


# -- the properties ---------------------------------------------------------------------


def check_good_row_stored(store: MemoryStore, tenant: str, good: Good, stored: Any) -> None:
    row = good.fields
    assert stored.content == row["content"]
    assert stored.content.encode("utf-8") == row["content"].encode("utf-8")
    assert stored.kind == row.get("kind", "fact")
    assert stored.importance == float(row.get("importance", 0.5))
    assert stored.generality == row.get("generality", 0)
    assert stored.proven == row.get("proven", 0)
    assert stored.pinned is row.get("pinned", False)
    assert stored.metadata == row.get("metadata", {})
    for name in ("supersession_key", "topic", "source"):
        assert getattr(stored, name) == row.get(name), name
    if "id" in row:
        assert stored.id == row["id"]
    if "created_at" in row:
        assert stored.created_at == datetime.fromisoformat(row["created_at"])
    else:
        assert stored.created_at == T0
    # an import never takes an exported state; the trust gate holds instruction-like text
    # from an untrusted writer (a generated row may hold a zero-width space or "system:")
    held = bool(internals.find_instructions(row["content"]))
    assert stored.status == ("quarantined" if held else "active")


def stored_embedding(store: MemoryStore, tenant: str, memory_id: str) -> list[float]:
    from sqlalchemy import text

    from curation._store.rows import vector_array

    with store.db.transaction(tenant) as conn:
        value = conn.execute(
            text("SELECT embedding FROM memory WHERE tenant = :t AND id = :id"),
            {"t": tenant, "id": uuid.UUID(memory_id)},
        ).scalar_one()
    return [float(x) for x in vector_array(value)]


@HOSTILE
@given(mixed_files())
def test_mixed_hostile_file_keeps_every_good_row_and_reports_every_bad_one(
    store: MemoryStore, mixed: MixedFile
) -> None:
    tenant = fresh_tenant()
    sentinel_before = tenant_counts(store, SENTINEL)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "mixed.jsonl"
        mixed.write(source)
        report = store.transfer.import_jsonl(source, tenant, batch_size=3)
        rejects_text = Path(report.rejects_path).read_text("utf-8") if report.rejects_path else ""

    numbered = list(enumerate(mixed.lines, start=1))
    goods = [(n, line) for n, line in numbered if isinstance(line, Good)]
    bads = [(n, line) for n, line in numbered if isinstance(line, Bad)]
    blanks = [n for n, line in numbered if line is None]

    assert report.lines == len(mixed.lines)
    assert (report.imported, report.restated) == (len(goods), 0), report.rejected
    assert [r.line for r in report.rejected] == [n for n, _ in bads]
    assert report.imported + report.restated + len(report.rejected) + len(blanks) == report.lines
    for rejection, (_, bad) in zip(report.rejected, bads, strict=True):
        assert rejection.reason, rejection
        if bad.fields:
            assert rejection.field in bad.fields, (rejection, bad)
        assert bad.reason.lower() in rejection.reason.lower(), (rejection, bad)
        json.dumps(rejection.to_dict(), ensure_ascii=False).encode("utf-8")  # printable
    written = [json.loads(line) for line in rejects_text.split("\n") if line]
    assert written == [r.to_dict() for r in report.rejected]

    if not goods:  # nothing was written, so no tenant was created
        assert tenant not in store.tenants.all()
        return
    stored = {m.content: m for m in store.memories(tenant, limit=1000)}
    assert sorted(stored) == sorted(g.fields["content"] for _, g in goods)
    for _, good in goods:
        memory = stored[good.fields["content"]]
        check_good_row_stored(store, tenant, good, memory)
        if "embedding" in good.fields:
            expected = unit_floats(good.fields["embedding"])
            assert np.allclose(stored_embedding(store, tenant, memory.id), expected, atol=1e-6)

    counts = tenant_counts(store, tenant) if goods else None
    if counts is not None:
        assert counts["memory"] == counts["memory_state"] == len(goods)
        assert counts["tenant"] == 1 and counts["conflict"] == counts["proposal"] == 0
        events = store.ledger.events(tenant)
        held = sum(bool(internals.find_instructions(g.fields["content"])) for _, g in goods)
        assert sorted(e.type for e in events) == sorted(
            [EventType.WRITE] * len(goods) + [EventType.QUARANTINE] * held
        )
        assert {e.actor for e in events} == {"import"}
    else:
        assert tenant not in store.tenants.all()  # nothing written, not even the tenant
    assert tenant_counts(store, SENTINEL) == sentinel_before
    assert all_tables_exist(store)


def every_wrong_value() -> list[Bad]:
    """Each wrong value of each field, each escape in each string field: exhaustively,
    besides the sample the hypothesis test draws."""
    rows = [_bad_field(name, value) for name, values in WRONG.items() for value in values]
    for name in ESCAPE_FIELDS:
        rows.append(_with_escape(name, "\\u0000", ""))
        rows.extend(_with_escape(name, e, "") for e in ("\\ud800", "\\udfff", "\\udc80x"))
    return rows


def test_every_wrong_value_of_every_field_is_rejected_naming_it(
    store: MemoryStore, tmp_path: Path
) -> None:
    tenant = fresh_tenant()
    bads = every_wrong_value()
    lines: list[bytes] = []
    for n, bad in enumerate(bads):
        lines += [bad.raw, js({"content": f"good row {n}: {INJECTIONS[n % len(INJECTIONS)]}"})]
    source = tmp_path / "wrong.jsonl"
    source.write_bytes(b"\n".join(lines) + b"\n")
    report = store.transfer.import_jsonl(source, tenant)
    assert report.imported == len(bads) and report.restated == 0
    assert [r.line for r in report.rejected] == list(range(1, 2 * len(bads), 2))
    for rejection, bad in zip(report.rejected, bads, strict=True):
        assert rejection.field in bad.fields, (rejection, bad.raw)
        assert rejection.reason
    assert tenant_counts(store, tenant)["memory"] == len(bads)
    assert len(bads) > 100  # the README quotes this figure


@HOSTILE
@given(
    st.one_of(
        st.sampled_from(INJECTIONS),
        hostile_text(min_size=1, max_size=30),
        st.text(min_size=129, max_size=140),
    )
)
def test_hostile_tenant_name_is_stored_verbatim_or_refused(store: MemoryStore, tenant: str) -> None:
    sentinel_before = tenant_counts(store, SENTINEL)
    tenants_before = store.tenants.all()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "t.jsonl"
        source.write_text('{"content": "one"}\n{"content": "two", "topic": "x"}\n', "utf-8")
        try:
            report = store.transfer.import_jsonl(source, tenant)
        except ValidationError as exc:
            assert exc.field == "tenant" and exc.value == tenant
            assert store.tenants.all() == tenants_before
        else:
            assert report.tenant == tenant and report.imported + report.restated == 2
            assert tenant in store.tenants.all()
            assert sorted(m.content for m in store.memories(tenant)) == ["one", "two"]
            assert tenant_counts(store, tenant)["memory"] == 2
    assert tenant_counts(store, SENTINEL) == sentinel_before
    assert all_tables_exist(store)


def test_a_20_megabyte_line_is_one_rejection_between_good_rows(
    store: MemoryStore, tmp_path: Path
) -> None:
    tenant = fresh_tenant()
    source = tmp_path / "enormous.jsonl"
    huge = b'{"content": "' + b"x" * (20 * 1024 * 1024) + b'"}'
    with source.open("wb") as handle:
        handle.write(b'{"content": "before the enormous line"}\n')
        handle.write(huge + b"\n")
        handle.write(b'{"content": "after the enormous line"}\n')
        handle.write(b"y" * (MAX_LINE_BYTES + 10))  # oversized again, no final newline
    report = store.transfer.import_jsonl(source, tenant)
    assert (report.lines, report.imported) == (4, 2)
    assert [(r.line, r.field) for r in report.rejected] == [(2, "line"), (4, "line")]
    assert report.rejected[0].value == f"<{len(huge)} bytes>"
    assert report.rejected[1].value == f"<{MAX_LINE_BYTES + 10} bytes>"
    assert all("exceeds" in r.reason for r in report.rejected)
    assert sorted(m.content for m in store.memories(tenant)) == [
        "after the enormous line",
        "before the enormous line",
    ]


def test_a_bom_at_the_start_of_the_file_is_not_part_of_the_first_row(
    store: MemoryStore, tmp_path: Path
) -> None:
    tenant = fresh_tenant()
    source = tmp_path / "bom.jsonl"
    source.write_bytes(b'\xef\xbb\xbf{"content": "first"}\r\n{"content": "second"}\r\n')
    report = store.transfer.import_jsonl(source, tenant)
    assert (report.lines, report.imported, report.rejected) == (2, 2, [])
    assert sorted(m.content for m in store.memories(tenant)) == ["first", "second"]


WHOLE_FILE_PROBLEMS = [
    pytest.param(lambda p, d: {"path": d}, "path", id="path-is-a-directory"),
    pytest.param(lambda p, d: {"path": d / "absent.jsonl"}, "path", id="path-missing"),
    pytest.param(lambda p, d: {"path": Path("a\x00b.jsonl")}, "path", id="path-with-nul"),
    pytest.param(
        lambda p, d: {"rejects_path": d / "no" / "such" / "dir.jsonl"},
        "rejects_path",
        id="rejects-dir-missing",
    ),
    pytest.param(lambda p, d: {"rejects_path": d}, "rejects_path", id="rejects-is-a-dir"),
    pytest.param(lambda p, d: {"batch_size": 0}, "batch_size", id="batch-size-zero"),
    pytest.param(lambda p, d: {"batch_size": "10"}, "batch_size", id="batch-size-string"),
    pytest.param(
        lambda p, d: {"tenant": "'; DROP TABLE memory; --\n"}, "tenant", id="tenant-newline"
    ),
    pytest.param(lambda p, d: {"tenant": "acme\u200b"}, "tenant", id="tenant-zero-width"),
    pytest.param(lambda p, d: {"tenant": " acme"}, "tenant", id="tenant-leading-space"),
    pytest.param(lambda p, d: {"actor": "\x00"}, "actor", id="actor-nul"),
    pytest.param(lambda p, d: {"now": "2026-11-01"}, "now", id="now-not-a-datetime"),
]


@pytest.mark.parametrize(("override", "field_name"), WHOLE_FILE_PROBLEMS)
def test_whole_file_problems_are_typed_and_write_nothing(
    store: MemoryStore, tmp_path: Path, override: Any, field_name: str
) -> None:
    """A problem of the whole import (not of a line) is refused before the first row."""
    tenant = fresh_tenant()
    source = tmp_path / "good.jsonl"
    source.write_text('{"content": "fine"}\n{"content": "bad", "kind": "x"}\n', "utf-8")
    args: dict[str, Any] = {"path": source, "tenant": tenant, **override(source, tmp_path)}
    with pytest.raises(ValidationError) as caught:
        store.transfer.import_jsonl(args.pop("path"), args.pop("tenant"), **args)
    assert caught.value.field == field_name
    assert tenant not in store.tenants.all()
    assert not list(tmp_path.glob("*.rejects.jsonl"))


def test_an_import_with_a_foreign_embedder_writes_nothing(
    store: MemoryStore, tmp_path: Path
) -> None:
    tenant = fresh_tenant()
    source = tmp_path / "many.jsonl"
    source.write_text("".join(json.dumps({"content": f"row {n}"}) + "\n" for n in range(7)))
    other = MemoryStore(
        store.db, embedder=HashingEmbedder(model_name="hashing-v9"), clock=store.clock
    )
    with pytest.raises(EmbeddingMismatchError):
        other.transfer.import_jsonl(source, tenant, batch_size=2)
    assert tenant not in store.tenants.all()


def test_only_memgov_errors_escape(store: MemoryStore, tmp_path: Path) -> None:
    """Every whole-file failure above is a MemgovError; a file of nothing but hostile
    bytes is a report, not an exception."""
    source = tmp_path / "noise.bin"
    source.write_bytes(bytes(range(256)) * 64 + b"\n" + b"\x00" * 4096)
    report = store.transfer.import_jsonl(source, fresh_tenant())
    assert report.lines > 1 and report.imported == 0
    assert len(report.rejected) == report.lines
