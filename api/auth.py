"""Bearer keys bound to tenants. The tenant of every call is the key's, never the body's;
an agent key cannot reach curator routes; a revoked key fails on its next request (keys
are looked up on every request, no cache). Only ``/v1/health`` is anonymous."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from api.errors import ApiError
from api.limits import RateLimiter
from curation import ApiKeyRecord, MemoryStore

bearer = HTTPBearer(auto_error=False, description="An API key from `memgov keys create`.")
CHALLENGE = {"WWW-Authenticate": "Bearer"}


async def store_of(request: Request) -> MemoryStore:
    """Async so FastAPI does not hop to a worker thread for it (nor for the scope check)."""
    return request.app.state.store  # type: ignore[no-any-return]


def bearer_secret(authorization: str | None) -> str:
    """The secret an ``Authorization: Bearer`` header carries, or a 401."""
    scheme, _, secret = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise ApiError("unauthorized", "send Authorization: Bearer <key>", headers=CHALLENGE)
    return secret.strip()


def unknown_key() -> ApiError:
    return ApiError("unauthorized", "unknown or revoked API key", headers=CHALLENGE)


def authenticate_header(store: MemoryStore, authorization: str | None) -> ApiKeyRecord:
    """The live key an ``Authorization`` header presents, or a 401 (shared with MCP)."""
    key = store.keys.authenticate(bearer_secret(authorization))
    if key is None:
        raise unknown_key()
    return key


def check_rate(limiter: RateLimiter, key: ApiKeyRecord) -> None:
    wait = limiter.take(key.id)
    if wait:
        raise ApiError(
            "rate_limited",
            f"too many requests for this key; retry in {wait} s",
            headers={"Retry-After": str(wait)},
        )


async def presented(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> HTTPAuthorizationCredentials:
    """A Bearer header is there (no lookup, no thread hop): a request without one is a 401
    before its body is even validated. The key itself is checked by ``key_of``."""
    if credentials is None or not credentials.credentials.strip():
        raise ApiError("unauthorized", "send Authorization: Bearer <key>", headers=CHALLENGE)
    return credentials


Credentials = Annotated[HTTPAuthorizationCredentials, Depends(presented)]


def live_key(store: MemoryStore, limiter: RateLimiter, authorization: str | None) -> ApiKeyRecord:
    """The live key a header presents, within its rate (blocking: call it on a worker
    thread). Recall checks the key inside its own transaction instead
    (``MemoryStore.recall_by_key``), with the same answers."""
    key = authenticate_header(store, authorization)
    check_rate(limiter, key)
    return key


def key_of(request: Request, credentials: HTTPAuthorizationCredentials | None) -> ApiKeyRecord:
    """The request's live key, within its rate (blocking: call it on a worker thread)."""
    header = None if credentials is None else f"Bearer {credentials.credentials}"
    return live_key(request.app.state.store, request.app.state.limiter, header)


def agent_key(request: Request, credentials: Credentials) -> ApiKeyRecord:
    return key_of(request, credentials)


async def curator_key(key: Annotated[ApiKeyRecord, Depends(agent_key)]) -> ApiKeyRecord:
    if key.scope != "curator":
        raise ApiError("forbidden", "this route needs a key with the curator scope")
    return key


AgentKey = Annotated[ApiKeyRecord, Depends(agent_key)]
CuratorKey = Annotated[ApiKeyRecord, Depends(curator_key)]
Store = Annotated[MemoryStore, Depends(store_of)]
