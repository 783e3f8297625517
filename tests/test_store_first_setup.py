"""First-time setup of the embedded database is safe to run twice at once: two processes
on one fresh ``MEMGOV_HOME`` (e.g. two benchmarks started together) both start or attach
to its server, create the database and migrate it, and neither fails (one once died on a
duplicate ``CREATE DATABASE "memgov"``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from curation import Database, HashingEmbedder, MemoryStore, Settings
from curation._store.server import stop_embedded_server

# imports first (the slow part), then all wait for one go file, so the setups overlap
SETUP = """
import sys, time
from pathlib import Path
from curation import HashingEmbedder, MemoryStore
ready, go = Path(sys.argv[1]), Path(sys.argv[2])
ready.touch()
while not go.exists():
    time.sleep(0.005)
MemoryStore.open(embedder=HashingEmbedder()).tenants.all()  # what every command does
"""
PROCESSES = 2


def test_concurrent_first_setups_on_a_fresh_home_all_succeed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # short: the server's socket lives in the data folder, and socket paths cap at ~100
    home = Path(tempfile.mkdtemp(prefix="mgs-", dir="/tmp"))
    env = {**os.environ, "MEMGOV_HOME": str(home), "HF_HUB_OFFLINE": "1"}
    env.pop("MEMGOV_DATABASE_URL", None)
    go = tmp_path / "go"
    ready = [tmp_path / f"ready-{n}" for n in range(PROCESSES)]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", SETUP, str(mark), str(go)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for mark in ready
    ]
    try:
        deadline = time.monotonic() + 120
        while not all(mark.exists() for mark in ready):
            assert time.monotonic() < deadline, "the setup processes did not start"
            assert all(c.poll() is None for c in children), [c.communicate() for c in children]
            time.sleep(0.02)
        go.touch()
        outputs = [c.communicate(timeout=240)[0] for c in children]
        assert [c.returncode for c in children] == [0] * PROCESSES, outputs
        monkeypatch.setenv("MEMGOV_HOME", str(home))
        database = Database.from_settings(Settings.from_env())
        assert database.is_current()
        assert MemoryStore(database, embedder=HashingEmbedder()).tenants.all() == []
        database.dispose()
    finally:
        for child in children:
            child.kill()
            child.wait()
        stop_embedded_server(home / "pgdata")
        shutil.rmtree(home, ignore_errors=True)
