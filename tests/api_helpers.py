"""A real uvicorn server on a free loopback port, serving the API over a store."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn

from api import ApiSettings, create_app
from curation import MemoryStore


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    url: str
    store: MemoryStore

    def key(self, tenant: str, scope: str = "agent", name: str | None = None) -> str:
        self.store.tenants.create(tenant)  # a key creates no tenant; a no-op if it exists
        return self.store.keys.create(tenant, scope, name=name).key

    def client(self, key: str | None = None, **kwargs: Any) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30, **kwargs)


@contextmanager
def serving(store: MemoryStore, settings: ApiSettings | None = None) -> Iterator[Served]:
    """The app in a uvicorn server on its own thread, stopped on exit."""
    port = free_port()
    config = uvicorn.Config(
        create_app(store, settings), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    try:
        yield Served(f"http://127.0.0.1:{port}", store)
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def error_of(response: httpx.Response) -> dict[str, Any]:
    """The one error schema: exactly these four keys, under ``error``."""
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == {"type", "field", "value", "message"}, body
    assert "Traceback" not in response.text
    return body["error"]  # type: ignore[no-any-return]


@contextmanager
def unexpected_errors(shown: int = 5) -> Iterator[list[str]]:
    """The server's unexpected exceptions while the block runs, each with its traceback,
    for a failing test's message: ``api/errors.py`` logs them at debug level, which a test
    run never shows. The logger's other lines pass (or not) as they did before."""
    logger = logging.getLogger("memgov.api")
    before = logger.getEffectiveLevel()
    caught: list[str] = []

    def collect(record: logging.LogRecord) -> bool:
        if record.exc_info and len(caught) < shown:
            trace = logging.Formatter().formatException(record.exc_info)
            caught.append(f"{record.getMessage()} ({record.threadName}):\n{trace[-3000:]}")
        return record.levelno >= before

    level = logger.level
    logger.addFilter(collect)
    logger.setLevel(logging.DEBUG)
    try:
        yield caught
    finally:
        logger.setLevel(level)
        logger.removeFilter(collect)
