"""Full tenant dump and restore: a rich tenant dumped, restored into a fresh database and
dumped again gives the same bytes; every table is equal row by row (embeddings to the
bit); recall, explain and undo behave the same on both sides. A corrupt, truncated,
forged or foreign dump is refused with a typed error and writes nothing; so is a restore
over an existing tenant. Event ids are kept in a fresh database and renumbered in order
where the target's sequence is ahead."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli
from curation_helpers import T0, state
from recovery_helpers import (
    OTHER,
    TENANT_TABLES,
    T,
    build_rich_tenant,
    database_totals,
    tenant_rows,
)
from sqlalchemy import text
from store_helpers import hashing_store

from curation import (
    EmbeddingMismatchError,
    FixedClock,
    MemoryStore,
    UnknownTenantError,
    ValidationError,
)
from curation._errors import DumpFormatError, TenantExistsError
from curation._store.services.key_service import key_hash
from curation._store.transfer import dump_schema
from curation._store.transfer.dump_format import FORMAT

T1 = T0 + timedelta(hours=2)


@pytest.fixture
def rich(store: MemoryStore) -> dict[str, Any]:
    return build_rich_tenant(store)


@pytest.fixture(scope="module")
def rich_dump(pg_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One rich tenant's dump, shared by the tests that only read it."""
    path = tmp_path_factory.mktemp("dump") / "acme.jsonl"
    with hashing_store(pg_server, FixedClock(T0), app_role=True) as source:
        build_rich_tenant(source)
        source.transfer.dump(path, T, now=T1)
    yield path


# -- the round trip ------------------------------------------------------------------


def test_a_restored_tenant_equals_the_dumped_one_row_for_row(
    store: MemoryStore, rich: dict[str, Any], pg_server: str, clock: FixedClock, tmp_path: Path
) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    dumped = store.transfer.dump(first, T, now=T1)
    source_rows = tenant_rows(store, T)
    assert set(source_rows) >= TENANT_TABLES
    assert all(source_rows[t] for t in TENANT_TABLES), {
        t: len(source_rows[t]) for t in TENANT_TABLES
    }
    assert {r["status"] for r in source_rows["proposal"]} >= {"approved", "pending"}
    assert {r["status"] for r in source_rows["conflict"]} >= {"open", "dismissed"}
    reasons = {r["archive_reason"] for r in source_rows["memory_state"]}
    assert {"superseded", "duplicate", "decayed", "subsumed"} <= reasons
    assert dumped.rows == {t: len(rows) for t, rows in source_rows.items()}

    with hashing_store(pg_server, clock, app_role=True) as target:
        started = time.perf_counter()
        report = target.transfer.restore(first)
        seconds = time.perf_counter() - started
        target.transfer.dump(second, T, now=T1)

        assert report.event_ids == "preserved" and report.rows == dumped.rows
        assert target.tenants.all() == [T]  # the other tenant is not in the dump
        restored_rows = tenant_rows(target, T)
        for table, rows in source_rows.items():
            assert restored_rows[table] == rows, table
        assert first.read_bytes() == second.read_bytes()

        odd = next(r for r in restored_rows["memory"] if str(r["id"]) == rich["odd"])
        assert odd["metadata"]["big"] == 12345678901234567890
        assert odd["content"].endswith("ünïcödé ✓ 🚀")
    total = sum(dumped.rows.values())
    print(
        f"\nrich tenant: {total} rows, {dumped.bytes} bytes; dump {dumped.seconds:.3f}s, "
        f"restore {seconds:.3f}s ({total / seconds:.0f} rows/s)"
    )


def test_recall_explain_and_undo_behave_the_same_after_restore(
    store: MemoryStore, rich: dict[str, Any], pg_server: str, clock: FixedClock, tmp_path: Path
) -> None:
    path = tmp_path / "acme.jsonl"
    store.transfer.dump(path, T, now=T1)
    with hashing_store(pg_server, clock, app_role=True) as target:
        target.transfer.restore(path, tenant=T)
        for side in (store, target):
            assert side.counts(T) == store.counts(T)
        for query in ("deploy target web tier", "nightly backup snapshots", "hotfix"):
            for mode in ("curated", "raw"):
                here = store.recall(T, query, 5, mode=mode, now=T1)
                there = target.recall(T, query, 5, mode=mode, now=T1)
                assert [(h.id, h.score, h.conflicts) for h in here] == [
                    (h.id, h.score, h.conflicts) for h in there
                ]
        assert target.explain(T, rich["restored"]) == store.explain(T, rich["restored"])

        for side in (store, target):
            side.runs.undo(T, rich["run_id"], now=T1 + timedelta(minutes=1))
        assert state(target, T) == state(store, T)
        assert tenant_rows(target, T) == tenant_rows(store, T)


def test_event_ids_are_renumbered_in_order_when_the_target_sequence_is_ahead(
    rich_dump: Path, pg_server: str, clock: FixedClock
) -> None:
    with hashing_store(pg_server, clock, app_role=True) as target:
        target.remember_many(OTHER, [{"content": f"busy {i}"} for i in range(60)], now=T0)
        report = target.transfer.restore(rich_dump)

        assert report.event_ids == "renumbered"
        lines = rich_dump.read_text("utf-8").splitlines()[1:]
        dumped = [json.loads(x)["row"] for x in lines if json.loads(x)["table"] == "event"]
        events = tenant_rows(target, T)["event"]
        assert len(events) == len(dumped)
        busy = tenant_rows(target, OTHER)["event"]
        assert min(e["id"] for e in events) > max(e["id"] for e in busy)  # after the target's
        assert [e["id"] for e in events] != [d["id"] for d in dumped]
        assert [(e["type"], str(e["memory_id"]), e["reason"]) for e in events] == [
            (d["type"], str(d["memory_id"]), d["reason"]) for d in dumped
        ]
        run_id = next(d["run_id"] for d in dumped if d["type"] == "curation_run")
        archived_before = target.counts(T).archived
        undone = target.runs.undo(T, run_id, now=T1)
        assert undone.restored > 0
        assert target.counts(T).archived == archived_before - undone.restored


# -- refusals: nothing written ----------------------------------------------------------


def _reseal(lines: list[str]) -> str:
    """Recompute the header's checksum and size for an edited body (a forged dump)."""
    header = json.loads(lines[0])
    body = "".join(line + "\n" for line in lines[1:]).encode("utf-8")
    header["body_sha256"] = hashlib.sha256(body).hexdigest()
    header["body_bytes"] = len(body)
    return json.dumps(header) + "\n" + body.decode("utf-8")


def _edit_row(lines: list[str], table: str, edit: Callable[[dict[str, Any]], None]) -> list[str]:
    index = max(i for i, x in enumerate(lines) if i and json.loads(x)["table"] == table)
    line = json.loads(lines[index])
    edit(line["row"])
    return [*lines[:index], json.dumps(line), *lines[index + 1 :]]


def _set(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda row: row.__setitem__(field, value)


def _header(lines: list[str], **changes: Any) -> list[str]:
    header = json.loads(lines[0])
    header.update(changes)
    return [json.dumps(header), *lines[1:]]


def _with_column(dump: str, column: str) -> list[str]:
    """A golden_probe column this database does not have, in the header and every row."""
    lines = dump.splitlines()
    header = json.loads(lines[0])
    for table in header["tables"]:
        if table["name"] == "golden_probe":
            table["columns"].append(column)
    out = [json.dumps(header)]
    for line in lines[1:]:
        obj = json.loads(line)
        if obj["table"] == "golden_probe":
            obj["row"][column] = "red"
        out.append(json.dumps(obj))
    return out


CORRUPTIONS: dict[str, Callable[[str], str]] = {
    "truncated mid-line": lambda s: s[: len(s) - 40],
    "last line dropped": lambda s: "".join(s.splitlines(keepends=True)[:-1]),
    "a byte changed": lambda s: s.replace("nightly backup job", "nightly backup jog", 1),
    "a line duplicated": lambda s: s + s.splitlines(keepends=True)[-1],
    "rows out of order": lambda s: "".join(
        [*s.splitlines(keepends=True)[:1], *reversed(s.splitlines(keepends=True)[1:])]
    ),
    "empty file": lambda s: "",
    "not JSON": lambda s: "hello\n" + s,
    "header version": lambda s: _reseal(_header(s.splitlines(), version=99)),
    "header row count": lambda s: _reseal(
        _header(
            s.splitlines(),
            tables=[
                {**t, "rows": t["rows"] + 1} if t["name"] == "memory" else t
                for t in json.loads(s.splitlines()[0])["tables"]
            ],
        )
    ),
    "a row of another tenant, resealed": lambda s: _reseal(
        _edit_row(s.splitlines(), "memory_state", _set("tenant", OTHER))
    ),
    "header key switched to dodge the tenant check": lambda s: _reseal(
        _header(
            s.splitlines(),
            tables=[
                {**t, "key": "kind"} if t["name"] == "memory_state" else t
                for t in json.loads(s.splitlines()[0])["tables"]
            ],
        )
    ),
    "a column this schema lacks, resealed": lambda s: _reseal(_with_column(s, "colour")),
    "a memories-only export": lambda s: '{"content": "just a memory"}\n',
}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_a_damaged_dump_is_refused_and_writes_nothing(
    rich_dump: Path, pg_server: str, clock: FixedClock, tmp_path: Path, corruption: str
) -> None:
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text(CORRUPTIONS[corruption](rich_dump.read_text("utf-8")), "utf-8")
    with hashing_store(pg_server, clock, app_role=True) as target:
        before = database_totals(target)

        with pytest.raises(DumpFormatError) as refused:
            target.transfer.restore(damaged)

        assert isinstance(refused.value, ValidationError) and refused.value.reason
        assert database_totals(target) == before
        assert target.tenants.all() == []


def test_the_last_refused_row_rolls_back_every_earlier_table(
    rich_dump: Path, pg_server: str, clock: FixedClock, tmp_path: Path
) -> None:
    """The database refuses only the very last row; everything before it was already
    inserted in the same transaction and must be gone."""
    lines = rich_dump.read_text("utf-8").splitlines()
    last_table = json.loads(lines[-1])["table"]
    assert last_table != "tenant"
    damaged = tmp_path / "late.jsonl"
    row = json.loads(lines[-1])["row"]
    not_null = next(c for c in ("at", "created_at", "started_at") if c in row)
    damaged.write_text(_reseal(_edit_row(lines, last_table, _set(not_null, None))), "utf-8")
    with hashing_store(pg_server, clock, app_role=True) as target:
        with pytest.raises(DumpFormatError, match="refused by the database"):
            target.transfer.restore(damaged)
        assert all(n == 0 for t, n in database_totals(target).items() if t != "store_meta")
        with target.db.admin_transaction() as conn:
            keys = conn.execute(text("SELECT key FROM store_meta ORDER BY key")).scalars().all()
        assert keys == ["embedding_dimension"]  # not even the embedding model stayed


# -- API keys: credentials, never dumped, never restored ------------------------------


def test_api_keys_are_never_dumped_and_never_come_back_with_a_restore(
    store: MemoryStore,
    pg_server: str,
    clock: FixedClock,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store.remember(T, "deploys need a green CI run")
    key = store.keys.create(T, "agent", name="bot")
    revoked = store.keys.create(T, "curator", name="old")
    store.keys.revoke(T, revoked.id)
    path = tmp_path / "acme.jsonl"
    dumped = store.transfer.dump(path, T, now=T1)
    assert "api_key" not in dumped.rows
    assert key_hash(key.key) not in path.read_text() and '"api_key"' not in path.read_text()

    # deleted (say, because a key leaked) and restored from that dump: no key works again
    store.tenants.delete(T, dump=path)
    assert store.keys.authenticate(key.key) is None
    report = store.transfer.restore(path)
    assert store.keys.all(T) == [] and store.keys.authenticate(key.key) is None
    assert f"`memgov keys create -t {T}`" in " ".join(report.notes)
    assert store.recall(T, "deploys").hits  # the data is back

    # a dump written before keys were left out: its key rows are verified, not written
    legacy = tmp_path / "legacy.jsonl"
    monkeypatch.setattr(dump_schema, "CREDENTIAL_TABLES", frozenset())
    fresh = store.keys.create(T, "agent", name="new")
    assert store.transfer.dump(legacy, T, now=T1).rows["api_key"] == 1
    monkeypatch.undo()
    with hashing_store(pg_server, clock, app_role=True) as target:
        restored = target.transfer.restore(legacy)
        assert target.keys.all(T) == [] and target.keys.authenticate(fresh.key) is None
        assert "1 API key(s) in the dump not restored" in restored.notes
        assert "api_key" not in restored.rows
    assert store.keys.authenticate(fresh.key) is not None  # the live store keeps its own key


def test_restoring_over_an_existing_tenant_is_refused(
    store: MemoryStore, rich: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "acme.jsonl"
    store.transfer.dump(path, T, now=T1)
    store.remember(T, "written after the dump", now=T1)
    before = tenant_rows(store, T)

    with pytest.raises(TenantExistsError, match="already exists"):
        store.transfer.restore(path)

    assert tenant_rows(store, T) == before


def test_foreign_dumps_and_unknown_tenants_are_refused(
    rich_dump: Path, pg_server: str, clock: FixedClock, tmp_path: Path
) -> None:
    with hashing_store(pg_server, clock, app_role=True) as target:
        with pytest.raises(DumpFormatError, match="not of 'initech'"):
            target.transfer.restore(rich_dump, tenant="initech")
        with pytest.raises(UnknownTenantError):
            target.transfer.dump(tmp_path / "nobody.jsonl", "nobody", now=T1)
        assert not (tmp_path / "nobody.jsonl").exists()
        with target.db.admin_transaction() as conn:
            conn.execute(text("INSERT INTO store_meta VALUES ('embedding_model', 'other-model')"))
        before = database_totals(target)
        with pytest.raises(EmbeddingMismatchError, match="other-model"):
            target.transfer.restore(rich_dump)
        assert database_totals(target) == before and target.tenants.all() == []


# -- the CLI ----------------------------------------------------------------------------


def test_cli_export_full_and_import_full_round_trip(
    store: MemoryStore, cli_env: dict[str, str], pg_server: str, clock: FixedClock, tmp_path: Path
) -> None:
    ids = [r.id for r in store.remember_many(T, [{"content": f"cli note {i}"} for i in range(5)])]
    store.pin(T, ids[0])
    env = {**cli_env, "MEMGOV_EMBEDDER": "hashing"}
    path = tmp_path / "acme.jsonl"

    exported = json.loads(
        run_cli(
            env, "export", str(path), "-t", T, "--full", "--json", "--now", T1.isoformat()
        ).stdout
    )
    assert exported["rows"]["memory"] == 5 and path.read_text("utf-8").startswith("{")
    assert json.loads(path.read_text("utf-8").splitlines()[0])["format"] == FORMAT
    refused = run_cli(env, "import", str(path), "-t", T, code=2)
    assert "--full" in refused.stderr  # a dump is not a memories file: say what to do

    with hashing_store(pg_server, clock, app_role=True) as target:
        target_env = {**env, "MEMGOV_DATABASE_URL": str(target.db.url)}
        restored = json.loads(run_cli(target_env, "import", str(path), "--full", "--json").stdout)
        assert restored["tenant"] == T and restored["event_ids"] == "preserved"
        assert tenant_rows(target, T) == tenant_rows(store, T)
