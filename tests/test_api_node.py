"""The Node client end to end: `memgov keys create` and `memgov serve` as a user runs
them (the console script; the other commands in process, ``run_cli``), the example agent
with the machine's Node.js, the results checked in the store; and the types the build
generates offline (`make node`) match the live /openapi.json."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from api_helpers import serving
from cli_helpers import as_json, memgov, run_cli
from serve_helpers import memgov_serve, serve_env

from curation import MemoryStore

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = ROOT / "clients" / "node"
NODE = shutil.which("node") or "node"
NPM = shutil.which("npm") or "npm"


def node_modules() -> None:
    """`npm ci` from the lock file, once (a clean clone has no node_modules), and again
    when the lock file is newer than npm's record of the last install (as `make node`)."""
    installed = NODE_DIR / "node_modules" / ".package-lock.json"
    lock = NODE_DIR / "package-lock.json"
    if not installed.is_file() or installed.stat().st_mtime < lock.stat().st_mtime:
        subprocess.run(
            [NPM, "ci", "--no-audit", "--no-fund"],
            cwd=NODE_DIR,
            check=True,
            timeout=300,
            capture_output=True,
        )


@pytest.fixture
def api_env(cli_env: dict[str, str]) -> dict[str, str]:
    return serve_env(cli_env)


@pytest.fixture
def server(api_env: dict[str, str]) -> Iterator[str]:
    """`memgov serve` in a subprocess on a free port (given by MEMGOV_API_PORT)."""
    with memgov_serve(api_env) as url:
        yield url


def test_the_node_example_agent(server: str, api_env: dict[str, str], store: MemoryStore) -> None:
    run_cli(api_env, "tenants", "create", "acme")  # a key creates no tenant
    created = as_json(memgov(api_env, "keys", "create", "-t", "acme", "--name", "node", "--json"))
    assert set(created) == {"key", "id", "tenant", "scope"} and created["scope"] == "agent"
    node_modules()
    run = subprocess.run(
        [NODE, "examples/agent.mjs"],
        cwd=NODE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **os.environ,
            "MEMGOV_URL": server,
            "MEMGOV_API_KEY": created["key"],
            "AGENT_ID": "node-7",
        },
        check=False,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)

    stored = {m.id: m for m in store.memories("acme")}
    assert set(report["written"]) == set(stored) and len(stored) == 3
    stale = stored[report["stale_id"]]
    assert "Node 18" in stale.content
    (conflict,) = store.ledger.conflicts("acme")
    assert conflict.id == report["conflict_id"] and conflict.memory_id == stale.id
    assert "Node 20" in conflict.claim and report["open_conflicts"] == 1
    assert [stored[i].topic for i in report["filtered"]] == ["ops"]  # a filtered recall
    with store.db.admin_transaction() as conn:
        exposure = conn.exec_driver_sql(
            "SELECT e.agent_id, o.success FROM exposure e JOIN outcome o ON o.recall_id = e.id"
        ).one()
    assert tuple(exposure) == ("node-7", True)
    assert {e.actor for e in store.ledger.events("acme", types=["write", "contest"])} == {
        "key:node"
    }

    listed = as_json(run_cli(api_env, "keys", "list", "-t", "acme", "--json"))
    assert [k["id"] for k in listed] == [created["id"]] and listed[0]["last_used_at"]
    assert "key" not in listed[0]
    run_cli(api_env, "keys", "revoke", created["id"], "-t", "acme")
    refused = httpx.post(
        f"{server}/v1/recall",
        json={"query": "x"},
        headers={"Authorization": f"Bearer {created['key']}"},
    )
    assert refused.status_code == 401
    again = run_cli(api_env, "keys", "revoke", created["id"], "-t", "acme", code=2)
    assert "already revoked" in again.stderr and "Traceback" not in again.stderr


def node_types(out: Path, source: str | None = None) -> str:
    """tools/node_types.py as `make node` runs it (``source``: another document)."""
    where = [] if source is None else ["--source", source]
    subprocess.run(
        [sys.executable, ROOT / "tools" / "node_types.py", "--out", out, *where],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return out.read_text()


def test_the_generated_types_match_the_live_schema(store: MemoryStore, tmp_path: Path) -> None:
    """The types the build generates offline are those of the live /openapi.json."""
    node_modules()
    built = node_types(tmp_path / "built.d.ts")
    with serving(store) as served:
        live = node_types(tmp_path / "live.d.ts", f"{served.url}/openapi.json")
    assert built == live, "the offline document differs from the live one"
    assert "MemoryIn: {" in built and '"/v1/recall": {' in built  # the file is the types
