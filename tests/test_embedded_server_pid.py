"""The embedded server's pid comes from ``postmaster.pid``, which a crash leaves behind.
The system may since have given that number to any process, or to a thread of the one
reading it: a thread's id signals its whole process, so a stale file once made stopping
the server interrupt the test run itself. Only a live PostgreSQL process counts."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from curation._store.server import embedded_server_pid, stop_embedded_server


def _pid_file(pgdata: Path, pid: int) -> Path:
    pgdata.mkdir(exist_ok=True)
    (pgdata / "postmaster.pid").write_text(f"{pid}\n{pgdata}\n", encoding="utf-8")
    return pgdata


@pytest.fixture
def thread_id() -> Iterator[int]:
    """The id of a live thread of this process (not its pid)."""
    started, done = threading.Event(), threading.Event()
    ids: list[int] = []

    def run() -> None:
        ids.append(threading.get_native_id())
        started.set()
        done.wait(30)

    thread = threading.Thread(target=run)
    thread.start()
    started.wait(30)
    yield ids[0]
    done.set()
    thread.join()


def test_a_stale_file_naming_this_process_or_its_thread_is_no_server(
    tmp_path: Path, thread_id: int
) -> None:
    assert thread_id != os.getpid()
    for n, pid in enumerate((os.getpid(), thread_id)):
        pgdata = _pid_file(tmp_path / str(n), pid)
        assert embedded_server_pid(pgdata) is None
        assert stop_embedded_server(pgdata, timeout=1) is None  # and nothing signalled


def test_a_stale_file_naming_another_live_process_leaves_it_alone(tmp_path: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        pgdata = _pid_file(tmp_path, child.pid)
        assert embedded_server_pid(pgdata) is None
        assert stop_embedded_server(pgdata, timeout=1) is None
        assert child.poll() is None  # still running: never sent SIGINT
    finally:
        child.kill()
        child.wait()


def test_the_running_server_is_found(pg_server: str, tmp_path: Path) -> None:
    """The session's server: its data folder's pid file names a live postmaster (the same
    file copied elsewhere names it too: the check is of the process, not the folder)."""
    sockets = Path(parse_qs(urlparse(pg_server).query)["host"][0])
    pid = int((sockets / "postmaster.pid").read_text(encoding="utf-8").split()[0])
    assert embedded_server_pid(sockets) == pid
    assert embedded_server_pid(_pid_file(tmp_path, pid)) == pid
