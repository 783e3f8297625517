"""Schemathesis over the whole HTTP API, from the live ``/openapi.json`` of a real server
on a free port, with every check it has (``--checks all``): no 5xx, every response (errors
included) as documented, no request the schema calls valid refused (ST202) and none it
forbids accepted (ST201). Its phases — examples, coverage (boundaries and their negations),
fuzzing (positive and negative), stateful (responses' ids fed to later calls) — run with a
bounded number of examples per operation: seconds, not minutes.

Two runs, one per key scope: an agent key over the agent operations, a curator key over
the curator's. The figures of a run are in docs/reliability.md."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from api_helpers import Served, serving, unexpected_errors

from curation import MemoryStore

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

SCHEMATHESIS = str(Path(sys.executable).parent / "schemathesis")
CONFIG = Path(__file__).with_name("schemathesis.toml")
EXAMPLES = 4  # per operation and phase
SEED = 2029  # reproducible; change it to explore


@dataclass(frozen=True)
class Run:
    tags: tuple[str, ...]
    returncode: int
    output: str

    def failures(self) -> str:
        """The report's failures section (with each failing request as curl)."""
        start = self.output.find("FAILURES")
        return self.output[start : start + 8000] if start >= 0 else self.output[-4000:]

    def figure(self, pattern: str) -> int:
        found = re.search(pattern, self.output)
        assert found, (pattern, self.output[-2000:])
        return int(found.group(1))


def fuzz(served: Served, key: str, tags: tuple[str, ...], workdir: Path) -> subprocess.Popen[str]:
    command = [
        SCHEMATHESIS,
        "--config-file",
        str(CONFIG),
        "--no-color",
        "run",
        f"{served.url}/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        str(EXAMPLES),
        "--seed",
        str(SEED),
        "--generation-database",
        "none",
        "--output-truncate",
        "true",
        "--header",
        f"Authorization: Bearer {key}",
        *[part for tag in tags for part in ("--include-tag", tag)],
    ]
    return subprocess.Popen(
        command, cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def finished(tags: tuple[str, ...], process: subprocess.Popen[str]) -> Run:
    output, _ = process.communicate(timeout=600)
    return Run(tags, process.returncode, output)


def test_every_operation_passes_every_check(store: MemoryStore, tmp_path: Path) -> None:
    store.remember("acme", "the build cache lives on the nas")
    store.remember("acme", "deploys need a green CI run first", kind="preference")
    with unexpected_errors() as logged, serving(store) as served:
        schema = httpx.get(f"{served.url}/openapi.json").json()
        operations = sum(len(methods) for methods in schema["paths"].values())
        scopes = {("agent", "meta"): "agent", ("curator",): "curator"}
        # the two runs at once (one per core): the server answers both
        started = {
            tags: fuzz(served, served.key("acme", scope), tags, tmp_path)
            for tags, scope in scopes.items()
        }
        runs = [finished(tags, process) for tags, process in started.items()]
    server_log = "\n\nlogged on the server:\n" + "\n".join(logged) if logged else ""
    for run in runs:
        passed = re.search(r"(\d+) generated, (\d+) passed", run.output)
        assert run.returncode == 0 and passed, run.failures() + server_log
        assert passed.group(1) == passed.group(2), run.failures() + server_log
    assert not logged, server_log  # e.g. an error after a response had started
    tested = sum(run.figure(r"Tested: (\d+)") for run in runs)
    generated = sum(run.figure(r"(\d+) generated") for run in runs)
    assert tested == operations >= 16
    figures = {"operations": tested, "generated": generated, "failures": 0}
    phases = [re.findall(r"(\w+) \(in ([0-9.]+)s\)", run.output) for run in runs]
    print(f"\nschemathesis: {json.dumps(figures)}; phases (s): {phases}")
