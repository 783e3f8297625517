"""The ASGI application: REST under ``/v1``, MCP at ``/mcp``, one store (and so one
embedding model, loaded and warmed once) per process."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from starlette.routing import Route
from starlette.types import ASGIApp

from api import (
    docs,
    errors,
    routes_agent,
    routes_curator,
    routes_forget,
    routes_quarantine,
    routes_rewind,
    telemetry,
)
from api.fast_recall import RecallFastPath
from api.fields import METADATA_VALUE, METADATA_VALUE_SCHEMA
from api.limits import BodySizeLimit, RateLimiter
from api.mcp_server import McpAuth, build_mcp
from curation import MemoryStore, Settings

VERSION = "1.0.0"
MCP_PATH = "/mcp"
ROUTERS = (
    routes_agent.router,
    routes_curator.router,
    routes_forget.router,
    routes_quarantine.router,
    routes_rewind.router,
)


_BUILT_IN = Settings.defaults()


@dataclass(frozen=True)
class ApiSettings:
    max_body_bytes: int = _BUILT_IN.api_max_body
    rate_per_second: float = _BUILT_IN.api_rate
    burst: int = _BUILT_IN.api_burst
    # recall answered ahead of the framework (api.fast_recall); off only to compare the two
    fast_recall: bool = True

    @classmethod
    def from_env(cls) -> ApiSettings:
        """MEMGOV_API_MAX_BODY (bytes), MEMGOV_API_RATE (requests/s per key),
        MEMGOV_API_BURST."""
        env = Settings.from_env()
        return cls(
            max_body_bytes=env.api_max_body, rate_per_second=env.api_rate, burst=env.api_burst
        )


class _Api(FastAPI):
    """FastAPI with an optional wrapper outside its own middleware stack (error catching,
    telemetry, body limits): the recall fast path pays for none of those layers."""

    outermost: Callable[[ASGIApp], ASGIApp] | None = None

    def build_middleware_stack(self) -> ASGIApp:
        stack = super().build_middleware_stack()
        return self.outermost(stack) if self.outermost is not None else stack


def create_app(store: MemoryStore, settings: ApiSettings | None = None) -> FastAPI:
    settings = settings or ApiSettings()
    mcp = build_mcp(store)
    mcp_app = mcp.streamable_http_app(
        streamable_http_path=MCP_PATH, stateless_http=True, json_response=True
    )

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        store.embedder.embed(["warm up"])  # load the model now, not on the first request
        async with mcp.session_manager.run():
            yield

    app = _routes(lifespan)
    app.state.store = store
    app.state.limiter = RateLimiter(settings.rate_per_second, settings.burst)
    # a route, not a mount: /mcp itself (no redirect to /mcp/), every method
    app.router.routes.append(Route(MCP_PATH, McpAuth(mcp_app, store, app.state.limiter)))
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    if settings.fast_recall:
        limiter, max_bytes = app.state.limiter, settings.max_body_bytes
        app.outermost = lambda stack: RecallFastPath(stack, store, limiter, max_bytes)
    telemetry.install(app)  # HTTP spans outside it all, when OTEL_* configured a provider
    return app


def _routes(lifespan: Callable[[FastAPI], Any] | None = None) -> _Api:
    """The app's routes, error answers, docs pages and schema: all but the store and the
    layers around them."""
    app = _Api(
        title="Memgov API",
        version=VERSION,
        description=(
            "Curated long-term memory for AI agents. Send `Authorization: Bearer <key>` "
            "(`memgov keys create`); the key's tenant scopes every call. Errors are "
            '`{"error": {"type", "field", "value", "message"}}`.'
        ),
        lifespan=lifespan,
        docs_url=None,  # api.docs serves both pages from bundled assets (no CDN)
        redoc_url=None,
        # FastAPI's native OpenTelemetry hooks cost a check on every request; Memgov
        # configures no provider, so they are off rather than idle
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    errors.install(app)
    docs.install(app)
    app.openapi = lambda: _schema(app)  # type: ignore[method-assign]
    for router in ROUTERS:
        app.include_router(router)
    return app


def openapi_document() -> dict[str, Any]:
    """The ``/openapi.json`` a server answers, built without a store or a server (the
    Node client's types are generated from it offline: tools/node_types.py)."""
    return _routes().openapi()


def _schema(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, built once, plus the components a field's own schema names
    (the recursive metadata value)."""
    if app.openapi_schema is None:
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        schema.setdefault("components", {}).setdefault("schemas", {})[METADATA_VALUE] = (
            METADATA_VALUE_SCHEMA
        )
        app.openapi_schema = schema
    return app.openapi_schema
