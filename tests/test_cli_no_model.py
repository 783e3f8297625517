"""Commands that embed nothing load no embedding model, not even its runtime's module, and
none prints a model-loading bar: with the default embedder (MiniLM), one fresh process runs
them one after another and looks at ``sys.modules`` after each."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODEL_MODULES = ("sentence_transformers", "transformers", "torch", "onnxruntime", "tokenizers")

PROBE = """
import json, sys
from cli_helpers import run_cli

modules, commands = json.loads(sys.argv[1]), json.loads(sys.argv[2])
env = {k: v for k, v in __import__("os").environ.items() if k != "MEMGOV_EMBEDDER"}
seen = []
for args in commands:
    done = run_cli(env, *args)
    seen.append({"args": args, "loaded": [m for m in modules if m in sys.modules],
                 "stderr": done.stderr})
print(json.dumps(seen))
"""


def test_commands_that_embed_nothing_import_no_model(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    commands = [
        ["tenants", "create", "acme"],
        ["tenants"],
        ["keys", "create", "-t", "acme", "--scope", "agent"],
        ["keys", "list", "-t", "acme"],
        ["experiment", "start", "trial", "-t", "acme"],
        ["experiment", "status", "trial", "-t", "acme"],
        ["experiment", "list", "-t", "acme"],
        ["policy", "show", "-t", "acme"],
        ["runs", "-t", "acme"],
        ["proposals", "list", "-t", "acme"],
        ["conflicts", "list", "-t", "acme"],
        ["golden", "list", "-t", "acme"],
        ["curate", "-t", "acme"],
        ["export", str(tmp_path / "acme.jsonl"), "-t", "acme"],
        ["server", "status"],
    ]
    env = {k: v for k, v in cli_env.items() if k != "MEMGOV_EMBEDDER"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests")])
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(MODEL_MODULES), json.dumps(commands)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    loaded = [(" ".join(s["args"]), s["loaded"]) for s in seen if s["loaded"]]
    assert not loaded, f"the first command to import a model runtime, and what: {loaded[:1]}"
    for text in [done.stderr, *(s["stderr"] for s in seen)]:
        assert "Loading weights" not in text and "it/s]" not in text, text[-2000:]
