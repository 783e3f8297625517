"""``memgov serve``, ``memgov mcp`` and ``memgov keys`` (entry point ``memgov.cli``)."""

from __future__ import annotations

import socket
import time

import typer

from curation import MAX_PORT, Settings, ValidationError
from curation.cli import emit_json, open_store

keys_app = typer.Typer(
    help="API keys: each bound to one tenant and one scope.", no_args_is_help=True
)

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the key acts for.")
JSON = typer.Option(False, "--json", help="Machine-readable output.")
DEFAULT_PORT = Settings.defaults().api_port


@keys_app.command("create")
def keys_create(
    tenant: str = TENANT,
    scope: str = typer.Option("agent", help="agent | curator"),
    name: str | None = typer.Option(None, "--name", help="A label for the key."),
    as_json: bool = JSON,
) -> None:
    """Create a key and print it once (only its hash is stored)."""
    created = open_store().keys.create(tenant, scope, name=name)
    if as_json:
        emit_json(
            {"key": created.key, "id": created.id, "tenant": created.tenant, "scope": created.scope}
        )
    else:
        typer.echo(created.key)
        typer.echo(
            f"key {created.id} ({created.scope}) for tenant {created.tenant!r}: "
            "shown once, store it now",
            err=True,
        )


@keys_app.command("list")
def keys_list(tenant: str = TENANT, as_json: bool = JSON) -> None:
    """The tenant's keys (never the secrets)."""
    found = open_store().keys.all(tenant)
    if as_json:
        emit_json([key.to_dict() for key in found])
        return
    for key in found:
        state = f"revoked {key.revoked_at:%Y-%m-%d %H:%M}" if key.revoked_at else "live"
        used = f"{key.last_used_at:%Y-%m-%d %H:%M}" if key.last_used_at else "never"
        typer.echo(f"{key.id} {key.scope:<8} {state:<22} last used {used}  {key.name}")
    if not found:
        typer.echo("(no keys)")


@keys_app.command("revoke")
def keys_revoke(key_id: str = typer.Argument(...), tenant: str = TENANT, as_json: bool = JSON):  # type: ignore[no-untyped-def]
    """Revoke a key: its next request fails."""
    revoked = open_store().keys.revoke(tenant, key_id)
    emit_json(revoked.to_dict()) if as_json else typer.echo(f"{revoked.id} revoked")


def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to bind (loopback by default)."),
    port: int = typer.Option(
        None, help=f"Port (default $MEMGOV_API_PORT or {DEFAULT_PORT})", show_default=False
    ),
) -> None:
    """Serve the HTTP API (/v1, /docs, /openapi.json) and MCP (/mcp) with one store.
    Says where it listens, with which embedding model and how many keys, once the port is
    bound; and a line when it stops."""
    import uvicorn

    from api import ApiSettings, create_app

    chosen = port if port is not None else Settings.from_env().api_port
    if not 0 <= chosen <= MAX_PORT:  # the socket layer would wrap 70000 round to 4464
        raise ValidationError("--port", chosen, f"expected 0 (any free port) to {MAX_PORT}")
    settings = ApiSettings.from_env()
    store = open_store()
    app = create_app(store, settings)
    listener = _bind(host, chosen)
    address = _url(host, listener.getsockname()[1])
    keys, tenants = store.keys.live_count()
    typer.echo(
        f"memgov serve: listening on {address} (API {address}/v1, docs {address}/docs, "
        f"MCP {address}/mcp); embedding model {store.embedding_model}; "
        f"{keys} live API key(s) across {tenants} tenant(s)"
        + ("" if keys else " (create one: memgov keys create -t TENANT)")
    )
    # per request, an access-log line and proxy-header rewriting are costs a loopback
    # server does not need (it trusts no proxy)
    config = uvicorn.Config(app, log_level="warning", access_log=False, proxy_headers=False)
    started = time.monotonic()
    try:
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        listener.close()
        typer.echo(
            f"memgov serve: stopped listening on {address} after {time.monotonic() - started:.0f} s"
        )


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is announced: a port in use is a
    one-line error naming it, not a server that said it started."""
    try:
        family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise ValidationError("--host", host, f"cannot be resolved: {exc.strerror}") from exc
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(where)
    except OSError as exc:
        listener.close()
        raise ValidationError("--port", port, f"cannot listen on {host}: {exc.strerror}") from exc
    listener.set_inheritable(True)
    return listener


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def mcp(
    key: str | None = typer.Option(
        None, "--key", help="API key (default $MEMGOV_API_KEY); its tenant scopes every call."
    ),
) -> None:
    """Serve the MCP agent tools over stdio (for clients that spawn a process)."""
    from api.errors import ApiError
    from api.mcp_server import build_mcp, current_key, stdio_resolver

    secret = key or Settings.from_env().api_key or ""
    store = open_store()
    resolve = stdio_resolver(store, secret)
    try:
        resolve()
    except ApiError as exc:
        typer.echo(f"error: --key: {exc.message}", err=True)
        raise typer.Exit(2) from exc
    current_key.set(resolve)
    store.embedder.embed(["warm up"])
    import anyio

    anyio.run(build_mcp(store).run_stdio_async)


def bench_http(
    size: int = typer.Option(100_000, help="Memories in the bench tenant (loaded if fewer)."),
    requests: int = typer.Option(2_000, help="Recalls per measurement."),
    tenant: str = typer.Option("bench-http", help="Tenant to fill and recall from."),
    port: int | None = typer.Option(
        None, help="Port for the memgov serve it starts (default: a free one)."
    ),
) -> None:
    """Recall over HTTP vs in-process at SIZE memories: p50/p99 and req/s, 1 and 8 clients
    (use MEMGOV_HOME for a scratch store; MEMGOV_EMBEDDER=hashing loads 100k quickly)."""
    from api.bench import free_port, report, run

    chosen = free_port() if port is None else port
    figures, cpu = run(open_store(), size=size, requests=requests, tenant=tenant, port=chosen)
    typer.echo(report(figures, size, cpu))


def register(app: typer.Typer) -> None:
    app.add_typer(keys_app, name="keys")
    app.command()(serve)
    app.command()(mcp)
    app.command("bench-http")(bench_http)
