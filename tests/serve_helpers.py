"""``memgov serve`` as a user runs it: the console script in a subprocess on a free port,
and keys made with ``memgov keys create``."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from api_helpers import free_port
from cli_helpers import MEMGOV, as_json, run_cli


def serve_env(cli_env: dict[str, str]) -> dict[str, str]:
    env = {**cli_env, "MEMGOV_EMBEDDER": "hashing"}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


@contextmanager
def memgov_serve(env: dict[str, str]) -> Iterator[str]:
    """`memgov serve` on a free port (MEMGOV_API_PORT); its URL once it answers."""
    port = free_port()
    process = subprocess.Popen(
        [MEMGOV, "serve"],
        env={**env, "MEMGOV_API_PORT": str(port)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            assert time.monotonic() < deadline, "memgov serve did not come up"
            try:
                if httpx.get(f"{url}/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


def tenant_keys(env: dict[str, str], tenant: str) -> tuple[str, str]:
    """A new tenant and two keys by ``memgov keys create``: (agent, curator)."""
    run_cli(env, "tenants", "create", tenant)  # a key creates no tenant
    return tuple(  # type: ignore[return-value]
        str(
            as_json(run_cli(env, "keys", "create", "-t", tenant, "--scope", scope, "--json"))["key"]
        )
        for scope in ("agent", "curator")
    )
