"""One error schema for every failure: ``{"error": {"type", "field", "value", "message"}}``
with the status that fits, and never a traceback."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from curation import (
    ClientIdConflictError,
    CurationLockedError,
    InvalidStateError,
    MemgovError,
    NotFoundError,
    StalePlanError,
    ValidationError,
)

log = logging.getLogger("memgov.api")


class ErrorDetail(BaseModel):
    type: str
    field: str | None = None
    value: Any = None
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class ApiError(Exception):
    """An error the API raises itself (auth, limits, idempotency conflicts)."""

    def __init__(
        self,
        status: int,
        type_: str,
        message: str,
        *,
        field: str | None = None,
        value: Any = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.type = type_
        self.field = field
        self.value = value
        self.message = message
        self.headers = headers


def _shown(value: Any) -> Any:
    """The offending value, as JSON can carry it (long or odd values as a short repr)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        shown = repr(value)
        return shown if len(shown) <= 200 else shown[:197] + "..."
    return value if len(text) <= 200 else text[:197] + "..."


def error_body(type_: str, message: str, field: str | None = None, value: Any = None) -> dict:
    return {"error": {"type": type_, "field": field, "value": _shown(value), "message": message}}


def error_response(
    status: int,
    type_: str,
    message: str,
    *,
    field: str | None = None,
    value: Any = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    return JSONResponse(
        error_body(type_, message, field, value), status_code=status, headers=headers
    )


def from_api_error(exc: ApiError) -> JSONResponse:
    return error_response(
        exc.status, exc.type, exc.message, field=exc.field, value=exc.value, headers=exc.headers
    )


def from_memgov_error(exc: MemgovError) -> JSONResponse:
    """The status for each of curation's typed errors."""
    message = " ".join(str(exc).split())
    if isinstance(exc, NotFoundError):
        return error_response(404, "not_found", message, field=exc.entity, value=str(exc.ident))
    if isinstance(exc, ValidationError):
        return error_response(400, "invalid", message, field=exc.field, value=exc.value)
    if isinstance(exc, ClientIdConflictError):
        return error_response(409, "conflict", message, field=exc.field, value=exc.value)
    if isinstance(exc, CurationLockedError | StalePlanError | InvalidStateError):
        return error_response(409, "conflict", message)
    return error_response(400, "rejected", message)


def from_unexpected(exc: Exception) -> JSONResponse:
    """A bug's answer: logged here with its traceback, never sent to the client."""
    log.exception("unexpected error", exc_info=exc)
    return error_response(500, "internal", "internal error (logged on the server)")


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api(_: Request, exc: ApiError) -> JSONResponse:
        return from_api_error(exc)

    @app.exception_handler(MemgovError)
    async def _memgov(_: Request, exc: MemgovError) -> JSONResponse:
        return from_memgov_error(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        location = [str(part) for part in first.get("loc", ()) if part != "body"]
        return error_response(
            422,
            "unprocessable",
            str(first.get("msg", "invalid request")),
            field=".".join(location) or None,
            value=first.get("input"),
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        kinds = {404: "not_found", 405: "method_not_allowed"}
        return error_response(
            exc.status_code, kinds.get(exc.status_code, "http"), str(exc.detail),
            headers=exc.headers,
        )  # fmt: skip

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        return from_unexpected(exc)


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in {
        400: "Invalid value (the field and value are named)",
        401: "Missing, unknown or revoked API key",
        403: "The key's scope does not allow this",
        404: "No such id for this key's tenant",
        409: "Conflicts with the current state",
        413: "Request body too large",
        422: "Malformed request",
        429: "Rate limit exceeded (see Retry-After)",
    }.items()
}
