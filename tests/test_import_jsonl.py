"""JSONL import keeps every good row, reports every bad one with its line and field (in the
report and in the rejects file), and loses nothing; export → import round-trips."""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from store_helpers import archive

from curation import EventType, FixedClock, ImportReport, MemoryStore, Status, ValidationError

TENANT = "imports"
ID1 = "2d1f6f0e-3b7a-4c8e-9d51-7b2f0c9e1a11"
ID2 = "9a4e1c55-0f3b-4d2a-8e6c-1c7d2b3a4f22"
DIM = 384


def unit_vector(seed: int, n: int = DIM) -> list[float]:
    vec = np.random.default_rng(seed).standard_normal(n)
    return [float(x) for x in vec / np.linalg.norm(vec)]


def js(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False).encode("utf-8")


FULL_ROW: dict[str, Any] = {
    "id": ID1,
    "content": "Beta: production deploys need two approvals.",
    "kind": "preference",
    "importance": 0.9,
    "generality": 2,
    "proven": 1,
    "pinned": True,
    "metadata": {"src": "wiki", "ü": "✓", "list": [1, 2]},
    "topic": "deploys",
    "source": "wiki/deploys",
    "supersession_key": "deploy.approvals",
    "created_at": "2025-01-02T03:04:05+00:00",
    "embedding": unit_vector(11),
    "embedding_model": "hashing-v1",
}

# (raw line without its line ending, expectation): "imported", "restated", "blank",
# or the field a rejection must name
LINES: list[tuple[bytes, str]] = [
    (js({"content": "Alpha: the build uses Bazel 7.", "kind": "fact"}), "imported"),
    (b"", "blank"),
    (b'{"content": "broken json"', "line"),
    (b'\xff\xfe{"content": "not utf-8"}', "line"),
    (b'["content", "an array, not an object"]', "line"),
    (js({"content": "has an unknown field", "colour": "red"}), "colour"),
    (js({"content": "bad kind", "kind": "opinion"}), "kind"),
    (js({"content": "bad importance", "importance": 1.5}), "importance"),
    (
        b'{"content": "NaN in the vector", "embedding": [NaN' + b", 0.5" * (DIM - 1) + b"]}",
        "embedding",
    ),
    (js({"content": "short vector", "embedding": [0.1, 0.2, 0.3]}), "embedding"),
    (js(FULL_ROW), "imported"),
    (b"   \t  ", "blank"),
    (js({"content": "  Alpha: the build uses   Bazel 7. ", "kind": "fact"}), "restated"),
    (js({"id": ID1, "content": "Gamma: another statement reusing an id."}), "id"),
    (
        js(
            {
                "content": "foreign vector",
                "embedding": unit_vector(3),
                "embedding_model": "text-embedding-3-small",
            }
        ),
        "embedding_model",
    ),
    (js({"kind": "fact"}), "content"),
    (
        js(
            {
                "content": "Delta: tool output with exported state.",
                "kind": "tool_output",
                "state": {"status": "archived", "archive_reason": "decayed"},
            }
        ),
        "imported",
    ),
    (js({"content": "", "kind": "fact"}), "content"),
    (js({"content": "Epsilon: a line ending in CRLF.", "id": ID2}) + b"\r", "imported"),
    (b"42", "line"),
    (js({"content": "Epsilon: a line ending in CRLF.", "id": ID2}), "restated"),
    (js({"content": "Zeta: the last line has no newline.", "metadata": {"n": 1}}), "imported"),
]
EXPECTED_VALUES = {  # line -> the value the rejection must show
    6: "red",
    7: "opinion",
    8: "1.5",
    14: ID1,
    15: "text-embedding-3-small",
}


def write_lines(path: Path) -> None:
    path.write_bytes(b"\n".join(raw for raw, _ in LINES))  # no newline after the last line


def expected_rejections() -> list[tuple[int, str]]:
    return [
        (n, what)
        for n, (_, what) in enumerate(LINES, start=1)
        if what not in ("imported", "restated", "blank")
    ]


def count(what: str) -> int:
    return sum(1 for _, w in LINES if w == what)


@pytest.mark.parametrize("batch_size", [1, 4, 2000])
def test_mixed_file_is_reported_exactly(
    store: MemoryStore, clock: FixedClock, tmp_path: Path, batch_size: int
) -> None:
    source = tmp_path / "mixed.jsonl"
    write_lines(source)
    report = store.transfer.import_jsonl(source, TENANT, batch_size=batch_size)

    assert isinstance(report, ImportReport)
    assert report.tenant == TENANT
    assert report.lines == len(LINES)
    assert report.imported == count("imported") == 5
    assert report.restated == count("restated") == 2
    assert sorted((r.line, r.field) for r in report.rejected) == expected_rejections()
    assert not report.ok
    blanks = count("blank")
    assert report.imported + report.restated + len(report.rejected) + blanks == report.lines

    by_line = {r.line: r for r in report.rejected}
    for line, value in EXPECTED_VALUES.items():
        assert value in by_line[line].value, by_line[line]
    assert "malformed JSON" in by_line[3].reason
    assert "UTF-8" in by_line[4].reason
    assert "object" in by_line[5].reason and "object" in by_line[20].reason
    assert by_line[6].reason == "unknown field"
    assert "NaN" in by_line[9].reason
    assert "dimension" in by_line[10].reason and "3" in by_line[10].value
    assert all(r.reason for r in report.rejected)

    # the rejects file holds exactly the report's rejections
    assert report.rejects_path == str(tmp_path / "mixed.jsonl.rejects.jsonl")
    written = [json.loads(x) for x in Path(report.rejects_path).read_text("utf-8").splitlines()]
    assert sorted(written, key=lambda r: r["line"]) == sorted(
        (r.to_dict() for r in report.rejected), key=lambda r: r["line"]
    )

    # every good row is in the store, once
    good = {json.loads(raw)["content"] for raw, what in LINES if what == "imported"}
    stored = store.memories(TENANT, limit=1000)
    assert sorted(m.content for m in stored) == sorted(good)
    assert store.counts(TENANT).to_dict() == {"active": 5, "archived": 0}
    writes = store.ledger.events(TENANT, types=[EventType.WRITE])
    assert len(writes) == 5 and {e.actor for e in writes} == {"import"}
    assert len(store.ledger.events(TENANT, types=[EventType.RESTATE])) == 2

    full = store.get(TENANT, ID1)
    assert (full.content, full.kind, full.importance, full.generality, full.proven) == (
        FULL_ROW["content"],
        "preference",
        0.9,
        2,
        1,
    )
    assert full.pinned is True
    assert full.metadata == FULL_ROW["metadata"]
    assert (full.topic, full.source, full.supersession_key) == (
        "deploys",
        "wiki/deploys",
        "deploy.approvals",
    )
    assert full.created_at == datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert store.get(TENANT, ID2).content == "Epsilon: a line ending in CRLF."
    delta = next(m for m in stored if m.content.startswith("Delta"))
    assert delta.status == Status.ACTIVE  # an import takes the memory, not its exported state
    assert all(m.created_at == clock.now() for m in stored if m.id != ID1)


def test_rejects_path_can_be_chosen(store: MemoryStore, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text('{"content": "fine"}\n{"content": "bad", "kind": "x"}\n', "utf-8")
    target = tmp_path / "out" / "rejects.jsonl"
    target.parent.mkdir()
    report = store.transfer.import_jsonl(source, TENANT, rejects_path=target)
    assert report.rejects_path == str(target)
    assert [json.loads(x)["line"] for x in target.read_text().splitlines()] == [2]
    assert not (tmp_path / "in.jsonl.rejects.jsonl").exists()


def test_clean_file_writes_no_rejects_file(store: MemoryStore, tmp_path: Path) -> None:
    source = tmp_path / "clean.jsonl"
    source.write_text('{"content": "one"}\n\n{"content": "two"}\n', "utf-8")
    report = store.transfer.import_jsonl(source, TENANT)
    assert (report.lines, report.imported, report.restated, report.rejected) == (3, 2, 0, [])
    assert report.ok and report.rejects_path is None
    assert not (tmp_path / "clean.jsonl.rejects.jsonl").exists()


def test_missing_file_is_refused(store: MemoryStore, tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    with pytest.raises(ValidationError) as caught:
        store.transfer.import_jsonl(missing, TENANT)
    # the message shows the value cut to 80 characters (a worker's tmp path is longer)
    assert caught.value.field == "path" and str(caught.value.value) == str(missing)
    assert str(caught.value).startswith(f"path={str(missing)[:40]!r}"[:-1])
    assert store.tenants.all() == []


def test_id_taken_by_a_different_statement_is_rejected(store: MemoryStore, tmp_path: Path) -> None:
    store.remember(TENANT, "Already here.", id=ID1)
    source = tmp_path / "clash.jsonl"
    source.write_text(json.dumps({"id": ID1, "content": "Something else."}) + "\n", "utf-8")
    report = store.transfer.import_jsonl(source, TENANT)
    assert [(r.line, r.field, r.value) for r in report.rejected] == [(1, "id", ID1)]
    assert store.get(TENANT, ID1).content == "Already here."
    assert store.counts(TENANT).active == 1


def populate_for_export(store: MemoryStore, clock: FixedClock) -> list[str]:
    ids = [
        store.remember(TENANT, "Plain fact.").id,
        store.remember(
            TENANT,
            "Ünïcödé préférence — 日本語 🙂",
            kind="preference",
            importance=0.25,
            generality=3,
            proven=7,
            pinned=True,
            metadata={"k": "v", "ключ": ["z", 1, None]},
            topic="i18n",
            source="chat",
            supersession_key="lang.pref",
        ).id,
        store.remember(
            TENANT,
            "Vector supplied by caller.",
            kind="conversation",
            embedding=unit_vector(5),
            embedding_model="hashing-v1",
            created_at=datetime(2024, 6, 1, tzinfo=UTC),
        ).id,
    ]
    clock.advance(timedelta(days=3))
    ids.append(store.remember(TENANT, "pytest run: 3 failed", kind="tool_output").id)
    ids.append(store.remember(TENANT, "Will be archived before export.").id)
    archive(store, TENANT, [ids[-1]])
    return ids


def export_lines(store: MemoryStore, tenant: str, path: Path) -> dict[str, dict[str, Any]]:
    n = store.transfer.export_jsonl(path, tenant)
    lines = [json.loads(x) for x in path.read_text("utf-8").splitlines()]
    assert n == len(lines)
    return {line["id"]: line for line in lines}


MEMORY_FIELDS = (
    "content",
    "kind",
    "importance",
    "generality",
    "proven",
    "pinned",
    "metadata",
    "topic",
    "source",
    "supersession_key",
    "created_at",
    "embedding_model",
)


def test_export_import_round_trip(store: MemoryStore, clock: FixedClock, tmp_path: Path) -> None:
    ids = populate_for_export(store, clock)
    exported = export_lines(store, TENANT, tmp_path / "a.jsonl")
    assert set(exported) == set(ids)

    report = store.transfer.import_jsonl(tmp_path / "a.jsonl", "copy")
    assert (report.lines, report.imported, report.restated, report.rejected) == (5, 5, 0, [])

    copied = export_lines(store, "copy", tmp_path / "b.jsonl")
    assert set(copied) == set(ids)  # ids survive
    for memory_id in ids:
        original, copy = store.get(TENANT, memory_id), store.get("copy", memory_id)
        for name in MEMORY_FIELDS:
            assert getattr(copy, name) == getattr(original, name), (memory_id, name)
        assert copy.tenant == "copy"
        assert copy.status == Status.ACTIVE  # curation state is not imported
        a, b = exported[memory_id]["embedding"], copied[memory_id]["embedding"]
        assert len(a) == len(b) == DIM
        assert np.allclose(a, b, atol=1e-6)
        assert math.isclose(float(np.linalg.norm(b)), 1.0, abs_tol=1e-5)
    supplied = np.asarray(unit_vector(5))
    assert np.allclose(copied[ids[2]]["embedding"], supplied, atol=1e-6)
    assert store.get(TENANT, ids[-1]).status == Status.ARCHIVED  # the source is untouched


def test_reimporting_an_export_is_idempotent(
    store: MemoryStore, clock: FixedClock, tmp_path: Path
) -> None:
    ids = populate_for_export(store, clock)
    path = tmp_path / "a.jsonl"
    store.transfer.export_jsonl(path, TENANT)
    report = store.transfer.import_jsonl(path, TENANT)
    assert (report.imported, report.restated, report.rejected) == (0, 5, [])
    assert store.counts(TENANT).active + store.counts(TENANT).archived == 5
    # the export dates each line before its archive: re-importing it is not new evidence,
    # so the archived entry stays archived (a retried import is a no-op for curation)
    assert report.revived == 0
    assert store.get(TENANT, ids[-1]).status == Status.ARCHIVED
    assert store.ledger.events(TENANT, types=[EventType.REVIVE]) == []
