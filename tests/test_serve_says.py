"""``memgov serve`` says what it does: once its port is bound, one line with the address,
the embedding model and the live key count; a line when it stops; a port in use is a
one-line error naming it. The console script in a subprocess, as a user runs it."""

from __future__ import annotations

import signal
import socket
import subprocess
import time

import httpx
from api_helpers import free_port
from cli_helpers import MEMGOV, run_cli

from curation import MemoryStore


def test_serve_announces_its_address_model_and_keys_and_its_stop(
    cli_env: dict[str, str], store: MemoryStore
) -> None:
    env = {**cli_env, "MEMGOV_EMBEDDER": "hashing"}
    store.tenants.create("acme")
    store.tenants.create("globex")
    store.keys.create("acme", "agent")
    store.keys.revoke("globex", store.keys.create("globex", "curator").id)
    store.keys.create("acme", "curator")
    port = free_port()
    process = subprocess.Popen(
        [MEMGOV, "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        started = process.stdout.readline()
        url = f"http://127.0.0.1:{port}"
        assert started.startswith(f"memgov serve: listening on {url} (API {url}/v1, ")
        assert "embedding model hashing-v1; 2 live API key(s) across 1 tenant(s)" in started
        while process.poll() is None:  # it listens once the model is warm
            try:
                assert httpx.get(f"{url}/v1/health", timeout=2).status_code == 200
                break
            except httpx.TransportError:
                time.sleep(0.2)
        assert process.poll() is None
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert out.startswith(f"memgov serve: stopped listening on {url} after ")
    assert "Traceback" not in err


def test_a_port_in_use_is_a_one_line_error(cli_env: dict[str, str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli(
            {**cli_env, "MEMGOV_EMBEDDER": "hashing"}, "serve", "--port", str(port), code=2
        )
    [line] = done.stderr.splitlines()
    assert line.startswith(f"error: --port={port}: cannot listen on 127.0.0.1: "), line
    assert done.stdout == ""
