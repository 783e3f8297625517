"""``memgov rewind`` / ``memgov undo`` and ``POST /v1/curator/rewind`` / ``.../runs/{id}/undo``:
the same rewind and undo as the store's (dry run, the run, its undo round-tripping the
curated state), and every bad moment refused by field ``to`` and its value — one line
and exit 2 on the command line, the error schema (400) over HTTP, never a traceback."""

from __future__ import annotations

import json

import pytest
from api_helpers import error_of, serving
from cli_helpers import invoke
from memgov_client import MemgovClient
from rewind_helpers import MOMENT, at, fingerprint, good_then_bad
from typer.testing import Result

from curation import MemoryStore
from curation.cli.app import app

T = "acme"
BAD_MOMENTS = [
    ("yesterday", "ISO 8601"),
    ("2026-11-01T12:30:00", "time zone"),
    ("2099-01-01T00:00:00+00:00", "future"),
    ("2000-01-01T00:00:00Z", "before the tenant existed"),
]


def cli(env: dict[str, str], *args: str) -> Result:
    result = invoke(app, list(args), env=dict(env, MEMGOV_EMBEDDER="hashing"))
    if not isinstance(result.exception, SystemExit | None):
        raise result.exception  # a crash, not a refusal
    return result


def test_cli_rewind_dry_run_run_and_undo(store: MemoryStore, cli_env: dict[str, str]) -> None:
    story = good_then_bad(store, T)
    now_state = fingerprint(store, T)

    dry = cli(cli_env, "rewind", "-t", T, "--to", MOMENT.isoformat(), "--dry-run", "--json")
    assert dry.exit_code == 0, dry.output
    planned = json.loads(dry.stdout)
    assert planned["dry_run"] is True and planned["run_id"] is None
    assert planned["changes"]["memories_rewound"] == len(planned["ids"]["memories_rewound"]) > 0
    assert fingerprint(store, T) == now_state
    text_dry = cli(cli_env, "rewind", "-t", T, "--to", MOMENT.isoformat(), "--dry-run")
    assert text_dry.stdout.splitlines()[-1].startswith("dry run: nothing changed")
    assert f"  memories_rewound: {planned['changes']['memories_rewound']}  " in text_dry.stdout

    text_run = cli(
        cli_env, "rewind", "-t", T, "--to", MOMENT.isoformat(), "--now", at(41).isoformat()
    )
    assert text_run.exit_code == 0, text_run.output
    lines = text_run.stdout.splitlines()
    assert lines[0].startswith(f"rewind of 'acme' to {MOMENT.isoformat()}: changed")
    run_id = lines[-1].split()[1].rstrip(";")
    assert f"memgov undo {run_id} -t {T}" in lines[-1]
    before = story["before"]
    after = fingerprint(store, T)
    assert {m: after["memories"][m] for m in before["memories"]} == before["memories"]
    assert after["policy"] == before["policy"]

    undone = cli(cli_env, "undo", run_id, "-t", T, "--now", at(42).isoformat(), "--json")
    assert undone.exit_code == 0, undone.output
    assert json.loads(undone.stdout)["reverted"]["changed_since"] == 0
    assert fingerprint(store, T) == now_state


def test_cli_refuses_a_bad_moment_by_field_and_value(
    store: MemoryStore, cli_env: dict[str, str]
) -> None:
    store.remember(T, "a note", now=at(0))
    kept = fingerprint(store, T)
    for value, why in BAD_MOMENTS:
        result = cli(cli_env, "rewind", "-t", T, "--to", value, "--now", at(5).isoformat())
        assert result.exit_code == 2, (value, result.output)
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and "Traceback" not in result.output, result.output
        assert lines[0].startswith(f"error: to={value!r}: ") and why in lines[0], lines[0]
    unknown = cli(cli_env, "rewind", "-t", "nobody", "--to", at(1).isoformat())
    assert unknown.exit_code == 2 and unknown.stderr.startswith("error: tenant='nobody'")
    missing = cli(cli_env, "rewind", "-t", T)
    assert missing.exit_code == 2 and missing.stderr.startswith("error: --to=None")
    assert fingerprint(store, T) == kept and store.runs.latest(T) == []


def test_http_rewind_and_undo(store: MemoryStore) -> None:
    story = good_then_bad(store, T)
    now_state = fingerprint(store, T)
    store.clock.set(at(40))  # type: ignore[attr-defined]
    with serving(store) as served, served.client(served.key(T, "curator", name="ops")) as http:
        dry = http.post("/v1/curator/rewind", json={"to": MOMENT.isoformat(), "dry_run": True})
        assert dry.status_code == 200, dry.text
        assert dry.json()["run_id"] is None and fingerprint(store, T) == now_state

        for (value, why), status in zip(BAD_MOMENTS, (422, 422, 409, 409), strict=True):
            answer = http.post("/v1/curator/rewind", json={"to": value})
            assert answer.status_code == status, (value, answer.text)
            error = error_of(answer)
            assert (error["field"], error["value"]) == ("to", value), answer.text
            assert status == 422 or why in error["message"], answer.text
        for body, field in [
            ({}, "to"),
            ({"to": 5}, "to"),
            ({"to": MOMENT.isoformat(), "extra": 1}, "extra"),
        ]:
            answer = http.post("/v1/curator/rewind", json=body)
            assert answer.status_code == 422 and error_of(answer)["field"] == field, answer.text
        assert fingerprint(store, T) == now_state

        done = http.post("/v1/curator/rewind", json={"to": MOMENT.isoformat()})
        assert done.status_code == 200, done.text
        report = done.json()
        assert report["changes"] == dry.json()["changes"] and report["run_id"]
        before, after = story["before"], fingerprint(store, T)
        assert {m: after["memories"][m] for m in before["memories"]} == before["memories"]

        undo = http.post(f"/v1/curator/runs/{report['run_id']}/undo")
        assert undo.status_code == 200, undo.text
        assert undo.json()["status_before"] == "applied"
        assert fingerprint(store, T) == now_state
        again = http.post(f"/v1/curator/runs/{report['run_id']}/undo")
        assert again.json()["status_before"] == "undone" and fingerprint(store, T) == now_state
        assert http.post("/v1/curator/runs/not-a-run/undo").status_code == 422
        unknown = http.post("/v1/curator/runs/00000000-0000-4000-8000-000000000000/undo")
        assert unknown.status_code == 404
    with serving(store) as served, served.client(served.key(T, "agent")) as agent:
        assert agent.post("/v1/curator/rewind", json={"to": MOMENT.isoformat()}).status_code == 403


@pytest.mark.parametrize("dry_run", [True, False])
def test_python_client_rewinds(store: MemoryStore, dry_run: bool) -> None:
    store.remember(T, "a note", now=at(0))
    store.remember(T, "a later note", now=at(10))
    store.clock.set(at(20))  # type: ignore[attr-defined]
    with serving(store) as served:
        client = MemgovClient(served.url, served.key(T, "curator"))
        report = client.rewind(at(5).isoformat(), dry_run=dry_run)
        assert report.changes == {"memories_rewound": 1}
        assert (report.run_id is None) == dry_run
        if not dry_run:
            assert report.run_id is not None
            assert client.undo_run(report.run_id).reverted == {"memories": 1, "changed_since": 0}
        assert [m.status for m in store.memories(T)] == ["active", "active"]
