"""Typed exceptions carrying the server's one error schema (``{"error": {"type", "field",
"value", "message"}}``), so a caller can catch what it can act on and read which field
and value the server refused."""

from __future__ import annotations

from typing import Any

import httpx


class MemgovError(Exception):
    """An answer the server refused with its error schema (or a failure to reach it)."""

    status: int = 0
    type: str = "error"

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        type: str | None = None,
        field: str | None = None,
        value: Any = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        if type is not None:
            self.type = type
        self.field = field
        self.value = value
        self.headers = headers or {}

    def __str__(self) -> str:
        where = f" [{self.field}={self.value!r}]" if self.field else ""
        return f"{self.status} {self.type}{where}: {self.message}"


class InvalidError(MemgovError):
    """400: a value the store refuses, or a body that is not JSON."""

    status, type = 400, "invalid"


class UnauthorizedError(MemgovError):
    """401: no key, or an unknown or revoked one."""

    status, type = 401, "unauthorized"


class ForbiddenError(MemgovError):
    """403: the key's scope does not open this route (an agent key on a curator route)."""

    status, type = 403, "forbidden"


class NotFoundError(MemgovError):
    """404: no such id for this key's tenant."""

    status, type = 404, "not_found"


class ConflictError(MemgovError):
    """409: the state forbids it (already decided, a client id reused with other content)."""

    status, type = 409, "conflict"


class TooLargeError(MemgovError):
    """413: the body is over the server's limit."""

    status, type = 413, "too_large"


class UnprocessableError(MemgovError):
    """422: the body breaks the schema (a wrong type, a missing or unknown field)."""

    status, type = 422, "unprocessable"


class RateLimitedError(MemgovError):
    """429: over the key's rate; ``retry_after`` is the server's Retry-After in seconds."""

    status, type = 429, "rate_limited"

    @property
    def retry_after(self) -> float | None:
        return retry_after_seconds(self.headers.get("retry-after"))


class ServerError(MemgovError):
    """5xx: a bug or an outage on the server's side."""

    status, type = 500, "internal"


class TransportError(MemgovError):
    """The server could not be reached (after the retries); ``__cause__`` is httpx's."""

    type = "transport"


_BY_STATUS: dict[int, type[MemgovError]] = {
    cls.status: cls
    for cls in (
        InvalidError,
        UnauthorizedError,
        ForbiddenError,
        NotFoundError,
        ConflictError,
        TooLargeError,
        UnprocessableError,
        RateLimitedError,
    )
}


def retry_after_seconds(header: str | None) -> float | None:
    """Retry-After as seconds (the server sends an integer; a date is not used by it)."""
    if header is None:
        return None
    try:
        return max(0.0, float(header))
    except ValueError:
        return None


def error_from(response: httpx.Response) -> MemgovError:
    """The typed exception for a refused answer, from its error schema when it has one."""
    try:
        detail = response.json().get("error")
    except (ValueError, AttributeError):
        detail = None
    if not isinstance(detail, dict):
        detail = {"message": response.text[:500] or response.reason_phrase}
    status = response.status_code
    cls = ServerError if status >= 500 else _BY_STATUS.get(status, MemgovError)
    return cls(
        str(detail.get("message", "")),
        status=status,
        type=detail.get("type"),
        field=detail.get("field"),
        value=detail.get("value"),
        headers={name.lower(): value for name, value in response.headers.items()},
    )
