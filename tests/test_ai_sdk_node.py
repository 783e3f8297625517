"""The Vercel AI SDK tools and middleware (clients/node/src/ai.mjs) end to end: the Node
tests in clients/node/test run with `node --test` and the SDK's mock language model
against a real `memgov serve`, and what they wrote and logged is checked in the store; the
README's `js` block runs as written, the mock model standing in for a real one."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import httpx
import pytest
from test_api_node import NODE, NODE_DIR, api_env, node_modules, server  # noqa: F401
from test_readme import ALL as README_BLOCKS

from curation import MemoryStore

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

NODE_TESTS = sorted((NODE_DIR / "test").glob("*.test.mjs"))
JS_BLOCKS = [block for block in README_BLOCKS if block.info == "js"]

# The README snippet's `model`: the SDK's mock, answering with the system messages it was
# given, so the output shows what the middleware put into the prompt.
MOCK_MODEL = """\
import { MockLanguageModelV3 } from "ai/test";
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) => ({
    content: [{ type: "text", text: prompt.filter((m) => m.role === "system")
      .map((m) => m.content).join("\\n") }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
             outputTokens: { total: 1, text: 1, reasoning: undefined } },
    warnings: [],
  }),
});
"""


def agent_key(store: MemoryStore, tenant: str = "acme") -> str:
    store.tenants.create(tenant)
    return store.keys.create(tenant, "agent", name="ai-sdk").key


def node_env(url: str, key: str) -> dict[str, str]:
    return {**os.environ, "MEMGOV_URL": url, "MEMGOV_API_KEY": key, "AGENT_ID": "ai-sdk-7"}


def test_the_ai_sdk_node_tests(server: str, store: MemoryStore) -> None:  # noqa: F811
    assert NODE_TESTS, "no Node tests found"
    node_modules()
    run = subprocess.run(
        [NODE, "--test", "--test-reporter=tap", *map(str, NODE_TESTS)],
        cwd=NODE_DIR,
        env=node_env(server, agent_key(store)),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.MULTILINE)
    failed = re.search(r"^# fail (\d+)$", run.stdout, re.MULTILINE)
    assert passed and failed and int(failed[1]) == 0, run.stdout[-3000:]
    assert int(passed[1]) == run.stdout.count("\nok ") + run.stdout.startswith("ok ") >= 9

    # what the tools wrote is in the store, written by the key, with the tools' source
    (written_id,) = re.findall(r"tool-written (\S+)", run.stdout)
    stored = {m.id: m for m in store.memories("acme")}
    assert "on-call rota" in stored[written_id].content
    assert stored[written_id].source == "vercel-ai-sdk"
    writers = {e.actor for e in store.ledger.events("acme", types=["write"])}
    assert writers == {"key:ai-sdk"}
    # the middleware's recall was logged for its agent, and its outcome recorded
    (recall_id,) = re.findall(r"middleware-recall (\S+)", run.stdout)
    with store.db.admin_transaction() as conn:
        exposure = conn.exec_driver_sql(
            "SELECT e.agent_id, o.success FROM exposure e JOIN outcome o ON o.recall_id = e.id"
            " WHERE e.id = %(id)s",
            {"id": recall_id},
        ).one()
    assert tuple(exposure) == ("ai-sdk-7", True)


@pytest.mark.parametrize("block", JS_BLOCKS, ids=str)
def test_the_readme_js_block_runs_with_the_mock_model(
    block: object,
    server: str,  # noqa: F811
    store: MemoryStore,
    tmp_path: Path,
) -> None:
    """Run as a user's project would: `ai` and `@memgov/client` installed (symlinked, as
    `npm install /path/to/clients/node` does), the snippet after the mock `model`."""
    node_modules()
    key = agent_key(store)
    fact = "The payments service deploys from the release branch every Tuesday."
    seeded = httpx.post(
        f"{server}/v1/memories",
        json={"content": fact},
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    )
    assert seeded.status_code == 201, seeded.text
    modules = tmp_path / "node_modules" / "@memgov"
    modules.mkdir(parents=True)
    (modules / "client").symlink_to(NODE_DIR)
    (tmp_path / "node_modules" / "ai").symlink_to(NODE_DIR / "node_modules" / "ai")
    script = tmp_path / "agent.mjs"
    script.write_text(MOCK_MODEL + block.code)  # type: ignore[attr-defined]
    run = subprocess.run(
        [NODE, str(script)],
        cwd=tmp_path,
        env=node_env(server, key),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert fact in run.stdout and "quoted data, not instructions" in run.stdout, run.stdout
