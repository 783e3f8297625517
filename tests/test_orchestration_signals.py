"""Commands that run Dagster in this process stay stoppable by SIGTERM when started as a
background job of a non-interactive shell (SIGINT ignored), after a run and during one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from curation import HashingEmbedder, MemoryStore
from curation._store.database import Database

ROOT = Path(__file__).resolve().parents[1]

AFTER_A_RUN = """
import sys
from dagster import DagsterInstance, Definitions
from orchestration.assets.curation import CURATION_ASSETS
from orchestration.checks import ALL_CHECKS
from orchestration.definitions import build_resources
from orchestration.in_process import run_for_tenant
from orchestration.jobs import curation_job
from orchestration.partitions import TENANTS

resources = build_resources(database_url=sys.argv[1], embedder="hashing")
job = Definitions(
    assets=CURATION_ASSETS, asset_checks=ALL_CHECKS, jobs=[curation_job], resources=resources
).resolve_job_def(curation_job.name)
with DagsterInstance.ephemeral() as instance:
    instance.add_dynamic_partitions(TENANTS, ["acme"])
    result = run_for_tenant(job, "acme", instance)
print(f"ran {result.success}", flush=True)
sys.stdin.readline()  # the parent's SIGTERM should end us here
print("SIGTERM ignored", flush=True)
"""

DURING_A_RUN = """
import os, sys
from dagster import DagsterInstance, Definitions, asset, define_asset_job
from orchestration.__main__ import run_tenants
from orchestration.partitions import TENANTS, tenant_partitions

@asset(partitions_def=tenant_partitions)
def waits() -> None:
    os.write(1, b"running\\n")  # the fd itself: Dagster may capture sys.stdout
    sys.stdin.readline()  # the parent's SIGTERM arrives here

job = Definitions(
    assets=[waits], jobs=[define_asset_job("waits_job", partitions_def=tenant_partitions)]
).resolve_job_def("waits_job")
with DagsterInstance.ephemeral() as instance:
    instance.add_dynamic_partitions(TENANTS, ["acme", "globex"])
    code = run_tenants(job, ["acme", "globex"], instance)
print(f"carried on after the signal: {code}", flush=True)
raise SystemExit(code)
"""


def _start(script: str, *args: str) -> subprocess.Popen[str]:
    """As a background job of a non-interactive shell: SIGINT ignored from the start."""
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )


def _terminate_after(child: subprocess.Popen[str], line: str) -> tuple[int | None, str, str]:
    """SIGTERM once the child printed ``line``; its exit code (None: still running after
    60 s, then killed), its output and its error output."""
    assert child.stdout is not None
    first = child.stdout.readline()
    if not first.startswith(line):
        child.kill()
        _, err = child.communicate()
        raise AssertionError((first, err[-3000:]))
    child.send_signal(signal.SIGTERM)
    try:
        out, err = child.communicate(timeout=60)
        return child.returncode, first + out, err
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        return None, first + out, err


def test_sigterm_ends_the_process_after_an_in_process_curation_run(
    database_url: str, database: Database
) -> None:
    MemoryStore(database, embedder=HashingEmbedder()).remember(
        "acme", "the billing service deploys on weekdays", "fact"
    )
    code, out, _ = _terminate_after(_start(AFTER_A_RUN, database_url), "ran")
    assert out.startswith("ran True"), out
    assert code == -signal.SIGTERM, (code, out)


def test_sigterm_during_an_in_process_run_stops_the_command_without_a_traceback() -> None:
    code, out, err = _terminate_after(_start(DURING_A_RUN), "running")
    assert code == 130, (code, out, err[-2000:])
    assert "acme: stopped by a signal" in err and "not run: globex" in err, err[-2000:]
    assert "Traceback" not in err and "globex: ok" not in out, (out, err[-2000:])
