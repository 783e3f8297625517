"""One error schema for every failure: ``{"error": {"type", "field", "value", "message"}}``
with the status that fits, and never a traceback."""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal, get_args

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.fields import PATTERN_RULES
from api.models import BODY_TAGS
from curation import (
    CurationLockedError,
    InvalidStateError,
    MemgovError,
    NotFoundError,
    StalePlanError,
    StateConflictError,
    ValidationError,
    printable,
)

log = logging.getLogger("memgov.api")

# every type an error can carry, with its status (docs/api.md's table lists the same)
ErrorType = Literal[
    "invalid",
    "malformed_json",
    "unauthorized",
    "forbidden",
    "not_found",
    "method_not_allowed",
    "conflict",
    "too_large",
    "unsupported_media_type",
    "unprocessable",
    "rate_limited",
    "internal",
]
ERROR_STATUS: dict[ErrorType, int] = {
    "invalid": 400,
    "malformed_json": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "conflict": 409,
    "too_large": 413,
    "unsupported_media_type": 415,
    "unprocessable": 422,
    "rate_limited": 429,
    "internal": 500,
}
assert set(ERROR_STATUS) == set(get_args(ErrorType))
MAX_SHOWN_CHARS = 200  # an echoed value longer than this is cut
_MAX_SHOWN_ITEMS = 20


class ErrorDetail(BaseModel):
    type: ErrorType
    field: str | None = None
    value: Any = None
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class ApiError(Exception):
    """An error the API raises itself (auth, limits, idempotency conflicts)."""

    def __init__(
        self,
        type_: ErrorType,
        message: str,
        *,
        field: str | None = None,
        value: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = ERROR_STATUS[type_]
        self.type: ErrorType = type_
        self.field = field
        self.value = value
        self.message = message
        self.headers = headers

    def response(self) -> JSONResponse:
        """The one error answer: this error's body, status and headers."""
        body = error_body(self.type, self.message, self.field, self.value)
        return JSONResponse(body, status_code=self.status, headers=self.headers)


def json_safe(value: Any, depth: int = 0) -> Any:
    """``value`` as strict JSON can carry it whatever it holds: NaN and infinities as
    text, lone surrogates escaped, huge integers as text, long containers cut, anything
    else as its repr. Never raises: an error response must not fail while echoing."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return (
            value if value.bit_length() <= 64 else f"<integer of {len(hex(value)) - 2} hex digits>"
        )
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, str):
        return printable(value)
    if depth >= 8:
        return "..."
    if isinstance(value, Mapping):
        items = list(value.items())
        shown = {printable(str(k)): json_safe(v, depth + 1) for k, v in items[:_MAX_SHOWN_ITEMS]}
        if len(items) > _MAX_SHOWN_ITEMS:
            shown["..."] = f"{len(items) - _MAX_SHOWN_ITEMS} more keys"
        return shown
    if isinstance(value, Sequence) and not isinstance(value, bytes | bytearray):
        if len(value) > _MAX_SHOWN_ITEMS:
            return f"<list of {len(value):,} items>"
        return [json_safe(item, depth + 1) for item in value]
    return printable(repr(value))


def shown(value: Any) -> Any:
    """The offending value, JSON-safe and bounded (a longer one as its cut JSON text)."""
    safe = json_safe(value)
    text = json.dumps(safe, ensure_ascii=False)
    return safe if len(text) <= MAX_SHOWN_CHARS else text[: MAX_SHOWN_CHARS - 3] + "..."


def error_body(
    type_: ErrorType, message: str, field: str | None = None, value: Any = None
) -> dict[str, Any]:
    """The one error body; logged here, one line (every error answer passes through)."""
    field = None if field is None else printable(field)
    message = " ".join(printable(message).split())
    status = ERROR_STATUS[type_]
    line = "%s %s field=%s: %s"
    if status >= 500:
        log.error(line, status, type_, field, message)
    else:
        log.info(line, status, type_, field, message)
    return {"error": {"type": type_, "field": field, "value": shown(value), "message": message}}


def from_memgov_error(exc: MemgovError) -> JSONResponse:
    return _api_error(exc).response()


def _api_error(exc: MemgovError) -> ApiError:
    """The status for each of curation's typed errors."""
    message = str(exc)
    if isinstance(exc, NotFoundError):
        return ApiError("not_found", message, field=exc.entity, value=str(exc.ident))
    if isinstance(exc, StateConflictError):
        return ApiError("conflict", message, field=exc.field, value=exc.value)
    if isinstance(exc, ValidationError):
        return ApiError("invalid", message, field=exc.field, value=exc.value)
    if isinstance(exc, CurationLockedError | StalePlanError | InvalidStateError):
        return ApiError("conflict", message)
    return ApiError("invalid", message)


def from_unexpected(exc: BaseException) -> JSONResponse:
    """A bug's answer: one log line here (the traceback at debug level), never sent."""
    log.debug("unexpected error", exc_info=exc)
    return ApiError(
        "internal", f"internal error (logged on the server: {type(exc).__name__})"
    ).response()


def wire_path(loc: Sequence[Any], *, located: bool = True) -> str | None:
    """A pydantic location as the API spells it: ``memories[2].content``; never the
    request part (``body``, ``path``: FastAPI's locations start with it, ``located``), a
    model's class name or the body union's branch."""
    parts = list(loc)
    if located and len(parts) == 1:  # the whole part: a missing body, say
        return str(parts[0])
    if located and parts:
        parts = parts[1:]
    if parts and parts[0] in BODY_TAGS:
        parts = parts[1:]
    path = ""
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or None


def _limit(number: Any) -> str:
    return f"{number:,}" if isinstance(number, int) else str(number)


def validation_message(error: Mapping[str, Any]) -> str:
    """Pydantic's message, with limits written out and patterns explained."""
    kind, ctx = error.get("type"), error.get("ctx") or {}
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "too_long":
        return (
            f"at most {_limit(ctx.get('max_length'))} items, got {_limit(ctx.get('actual_length'))}"
        )
    if kind == "too_short":
        least = _limit(ctx.get("min_length"))
        return f"at least {least} item(s), got {_limit(ctx.get('actual_length'))}"
    if kind == "string_too_long":
        return f"at most {_limit(ctx.get('max_length'))} characters"
    if kind == "value_error":  # a model's own rule: its sentence, without pydantic's prefix
        return str(ctx.get("error", error.get("msg")))
    if kind == "string_pattern_mismatch":
        return PATTERN_RULES.get(str(ctx.get("pattern")), str(error.get("msg")))
    return str(error.get("msg", "invalid request"))


def unprocessable_body(
    errors: Sequence[Mapping[str, Any]], *, located: bool = True
) -> dict[str, Any]:
    """The error body for values pydantic refused (HTTP requests, ``located`` by part,
    and MCP arguments alike): the first problem, named by its wire path."""
    first: Mapping[str, Any] = errors[0] if errors else {}
    path = wire_path(first.get("loc", ()), located=located)
    return error_body("unprocessable", validation_message(first), path, first.get("input"))


def from_validation_error(exc: RequestValidationError, content_type: str | None) -> JSONResponse:
    """A request FastAPI refused: malformed JSON, a body that is not JSON, or values."""
    errors = exc.errors()
    first: Mapping[str, Any] = errors[0] if errors else {}
    if first.get("type") == "json_invalid":
        reason = (first.get("ctx") or {}).get("error", "not JSON")
        where = [part for part in first.get("loc", ()) if isinstance(part, int)]
        at = f" at character {where[0]}" if where else ""
        return ApiError("malformed_json", f"malformed JSON{at}: {reason}", field="body").response()
    if isinstance(first.get("input"), bytes | bytearray):  # a body not read as JSON
        return ApiError(
            "unsupported_media_type",
            f"send the body as Content-Type: application/json (got {content_type or 'none'})",
            field="Content-Type",
            value=content_type,
        ).response()
    return JSONResponse(unprocessable_body(errors), status_code=ERROR_STATUS["unprocessable"])


_HTTP_TYPES: dict[int, ErrorType] = {
    400: "malformed_json",  # FastAPI's only 400: a body it could not parse (too deep)
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "unsupported_media_type",
}


def from_http_exception(exc: StarletteHTTPException) -> JSONResponse:
    type_ = _HTTP_TYPES.get(exc.status_code, "invalid" if exc.status_code < 500 else "internal")
    message = {404: "no such route", 405: "the route does not take this method (see Allow)"}
    return ApiError(
        type_,
        message.get(exc.status_code, str(exc.detail)),
        field="body" if type_ == "malformed_json" else None,
        headers=exc.headers,
    ).response()


class ErrorBoundary:
    """An ASGI middleware inside Starlette's server-error layer: a bug becomes the one
    error answer and one log line, instead of a traceback logged twice."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracked(message: dict[str, Any]) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:
            if started:  # too late for an answer: the connection ends
                log.error("unexpected error after the response started: %s", type(exc).__name__)
                log.debug("unexpected error", exc_info=exc)
                return
            await from_unexpected(exc)(scope, receive, send)


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api(_: Request, exc: ApiError) -> JSONResponse:
        return exc.response()

    @app.exception_handler(MemgovError)
    async def _memgov(_: Request, exc: MemgovError) -> JSONResponse:
        return from_memgov_error(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return from_validation_error(exc, request.headers.get("content-type"))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return from_http_exception(exc)

    app.add_middleware(ErrorBoundary)


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in {
        400: "Invalid value (the field and value are named), or malformed JSON",
        401: "Missing, unknown or revoked API key",
        403: "The key's scope does not allow this",
        404: "No such id for this key's tenant",
        409: "Conflicts with the current state",
        405: "The route does not take this method",
        413: "Request body too large",
        415: "The body is not application/json",
        422: "A wrong type, a value outside the schema, a missing or unknown field",
        429: "Rate limit exceeded (see Retry-After)",
    }.items()
}
