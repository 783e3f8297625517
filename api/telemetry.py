"""Spans for HTTP requests and MCP tool calls. ``install`` wraps the whole app, the recall
fast path included, in ``HttpSpans`` — only when a process configured telemetry
(``curation.configure_telemetry``), so a server without ``OTEL_*`` variables runs
exactly the stack it ran before. Names and attributes: docs/telemetry.md."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from opentelemetry import propagate, trace
from opentelemetry.trace import SpanKind, Status, StatusCode
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.fast_recall import RECALL_PATH

TRACER = trace.get_tracer("memgov.api")


def telemetry_configured() -> bool:
    """Whether an SDK provider is installed (the API's proxy is what stands in for none)."""
    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def install(app: Any) -> None:
    """Put ``HttpSpans`` outside everything ``app.outermost`` already wraps (the recall
    fast path), when telemetry is configured; nothing otherwise."""
    if not telemetry_configured():
        return
    inner: Callable[[ASGIApp], ASGIApp] | None = app.outermost

    def outermost(stack: ASGIApp) -> ASGIApp:
        return HttpSpans(inner(stack) if inner is not None else stack)

    app.outermost = outermost


class HttpSpans:
    """A server span per HTTP request, named ``{method} {route}`` (the route's template,
    so ids do not multiply names), with the response status. A 4xx is the caller's error:
    the span's status stays unset; 5xx (never expected) marks it an error."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        carrier = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        attributes = {"http.request.method": method, "url.path": scope["path"]}
        status: list[int] = []

        async def send_status(message: Message) -> None:
            if message["type"] == "http.response.start":
                status.append(message["status"])
            await send(message)

        with TRACER.start_as_current_span(
            method,
            context=propagate.extract(carrier),
            kind=SpanKind.SERVER,
            attributes=attributes,
            record_exception=True,
            set_status_on_exception=True,
        ) as span:
            try:
                await self.app(scope, receive, send_status)
            finally:
                matched = scope.get("route")
                route = getattr(matched, "path", None)
                if route is None and scope["path"] == RECALL_PATH:
                    route = RECALL_PATH  # answered by the fast path, ahead of the router
                if route is not None:
                    span.update_name(f"{method} {route}")
                    span.set_attribute("http.route", route)
                code = status[0] if status else 500
                span.set_attribute("http.response.status_code", code)
                if code >= 500:
                    span.set_status(Status(StatusCode.ERROR, f"HTTP {code}"))


@contextmanager
def tool_span(name: str) -> Iterator[trace.Span]:
    """``memgov.mcp.tool {name}``: one MCP tool call (HTTP or stdio), inside the MCP SDK's
    own ``tools/call {name}`` server span, adding what the SDK does not know: the outcome
    and a refusal's error type."""
    attributes = {"mcp.method.name": "tools/call", "gen_ai.tool.name": name}
    with TRACER.start_as_current_span(f"memgov.mcp.tool {name}", attributes=attributes) as span:
        yield span


def tool_answered(span: trace.Span, refused: bool, error_type: str | None) -> None:
    """A tool's outcome: a refusal (the one error body) carries its error type."""
    if span.is_recording():
        span.set_attribute("memgov.outcome", "refused" if refused else "ok")
        if error_type is not None:
            span.set_attribute("error.type", error_type)
