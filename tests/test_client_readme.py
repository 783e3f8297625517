"""The README's LangGraph agent (its ``python client`` block), run exactly as written
against a real ``memgov serve``, twice (idempotent); its memory then read back."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from memgov_client import MemgovClient
from serve_helpers import memgov_serve, serve_env, tenant_keys
from test_readme import ALL


def test_the_readme_langgraph_agent_runs(cli_env: dict[str, str], tmp_path: Path) -> None:
    (block,) = [b for b in ALL if b.info == "python client"]
    assert len(block.code.strip().splitlines()) <= 12  # "a ten-line agent", imports aside
    script = tmp_path / "agent.py"
    script.write_text(block.code)
    env = serve_env(cli_env)
    with memgov_serve(env) as url:
        agent_key, _ = tenant_keys(env, "acme")
        for attempt in (1, 2):
            done = subprocess.run(
                [sys.executable, str(script)],
                capture_output=True,
                text=True,
                timeout=300,
                env={**env, "MEMGOV_URL": url, "MEMGOV_API_KEY": agent_key},
            )
            assert done.returncode == 0, (attempt, done.stderr[-3000:])
            assert ast.literal_eval(done.stdout.strip()) == {"said": "Black coffee, no sugar"}
        hits = MemgovClient(url, agent_key).recall("coffee", topic="user-42.prefs").hits
    assert [hit.content for hit in hits] == [
        "[user-42.prefs] coffee: text: Black coffee, no sugar"
    ]  # stored once over both runs
