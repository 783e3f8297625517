"""``memgov forget`` and ``POST /v1/curator/forget``: the receipt as JSON, a dry run that
deletes nothing, and every bad input a one-line typed error (CLI, exit 2) or the one
error schema (HTTP 400/422) naming the field and the value, never a traceback or a 500."""

from __future__ import annotations

import json
from pathlib import Path

from api_helpers import Served, error_of
from cli_helpers import invoke
from forget_helpers import rows, seed
from typer.testing import Result

from curation import MemoryStore
from curation.cli.app import app

T = "clinic"


def run(env: dict[str, str], *args: str) -> Result:
    result = invoke(app, ["forget", *args], env=env)
    if not isinstance(result.exception, SystemExit | None):
        raise result.exception  # a crash, not a refusal
    return result


def refused(result: Result, field: str, value: object) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    shown = "None" if value is None else repr(value)
    # a long value (a temp path) is shortened in the line: its start must be there
    assert lines[0].startswith(f"error: {field}={shown[:40]}"), lines[0]


def test_cli_forgets_by_each_selector_with_a_json_receipt(
    store: MemoryStore, env: dict[str, str], tmp_path: Path
) -> None:
    seeded = seed(store, T)
    before = rows(store, T)
    dry = run(env, "-t", T, "--source", "runbook-billing", "--dry-run", "--json")
    assert dry.exit_code == 0, dry.output
    assert json.loads(dry.stdout)["forgotten"] == 6 and rows(store, T) == before

    done = json.loads(run(env, "-t", T, "--source", "runbook-billing", "--json").stdout)
    assert done["forgotten"] == 6 and set(done["verification"].values()) == {0}
    ids_file = tmp_path / "ids.txt"
    ids_file.write_text(f"# one a line\n{seeded.unrelated[0]}\n\n{seeded.unrelated[1]}\n")
    by_ids = json.loads(run(env, "-t", T, "--ids", str(ids_file), "--json").stdout)
    by_meta = run(env, "-t", T, "--metadata", "team=billing")  # already gone: zero
    by_match = json.loads(run(env, "-t", T, "--match", "redis session", "--json").stdout)
    assert by_ids["matched"] == 2 and by_match["matched"] == len(seeded.cache)
    assert by_meta.exit_code == 0 and "forgot 0 memories" in by_meta.stdout
    assert store.get_many(T, seeded.migration + seeded.cache + seeded.unrelated[:2]) == []
    assert len(store.get_many(T, seeded.unrelated)) == 4


def test_cli_bad_input_is_one_typed_line(
    store: MemoryStore, env: dict[str, str], tmp_path: Path
) -> None:
    store.remember(T, "a fact to keep")
    missing = str(tmp_path / "nope.txt")
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n")
    refused(run(env, "-t", T), "--source|--metadata|--ids|--match", None)
    two = run(env, "-t", T, "--source", "a", "--match", "b")
    refused(two, "--source|--match", ["a", "b"])
    refused(run(env, "-t", "nobody", "--source", "a"), "tenant", "nobody")
    refused(run(env, "-t", T, "--metadata", "team"), "--metadata", "team")
    refused(run(env, "-t", T, "--ids", missing), "--ids", missing)
    refused(run(env, "-t", T, "--ids", str(empty)), "--ids", str(empty))
    bad_id = tmp_path / "bad.txt"
    bad_id.write_text("not-a-uuid\n")
    refused(run(env, "-t", T, "--ids", str(bad_id)), "ids", "not-a-uuid")
    assert len(store.memories(T)) == 1


def data_rows(store: MemoryStore) -> dict[tuple[str, str], str]:
    """The tenant's rows but its API keys (a request stamps its key's last use)."""
    return {key: row for key, row in rows(store, T).items() if key[0] != "api_key"}


def test_http_forget_returns_the_receipt_and_refuses_bad_bodies(served: Served) -> None:
    store = served.store
    seeded = seed(store, T)
    with served.client(served.key(T, "curator", name="ops")) as curator:
        before = data_rows(store)
        dry = curator.post("/v1/curator/forget", json={"match": "REDIS", "dry_run": True})
        assert dry.status_code == 200 and dry.json()["dry_run"] is True
        assert data_rows(store) == before
        done = curator.post("/v1/curator/forget", json={"metadata": {"team": "billing"}})
        assert done.status_code == 200, done.text
        receipt = done.json()
        assert receipt["forgotten"] == 6 and receipt["receipt_event_id"] is not None
        assert set(receipt["verification"].values()) == {0}
        assert store.get_many(T, seeded.migration) == []
        for body, status, field in [
            ({}, 400, "source|metadata|ids|match"),
            ({"source": "a", "match": "b"}, 400, "source|match"),
            ({"metadata": {}}, 422, "metadata"),
            ({"source": None}, 422, "source"),
            ({"metadata": {"team": ["x"]}}, 422, "metadata.team"),
            ({"ids": ["not-a-uuid"]}, 422, "ids[0]"),
            ({"source": "x", "extra": 1}, 422, "extra"),
        ]:
            answer = curator.post("/v1/curator/forget", json=body)
            assert answer.status_code == status, (body, answer.text)
            assert error_of(answer)["field"] == field, (body, answer.text)
    with served.client(served.key(T, "agent")) as agent:
        assert agent.post("/v1/curator/forget", json={"source": "x"}).status_code == 403
    assert len(store.ledger.events(T, types=["forget"])) == 1
