"""``POST /v1/recall``, the hot path, answered before the framework's middleware stack,
routing, dependency resolution and request objects (they cost more server CPU than the
HTTP itself). It takes only well-formed requests — a JSON ``RecallIn`` body and a Bearer
header — and does what the documented FastAPI route does, through the same functions;
anything else (a malformed body, no key, another content type) goes on to that route, so
every refusal keeps the one error schema and ``/openapi.json`` stays the description."""

from __future__ import annotations

import asyncio
import contextvars
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pydantic
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from api import service
from api.auth import bearer_secret, check_rate, unknown_key
from api.errors import ApiError, from_memgov_error, from_unexpected
from api.limits import RateLimiter, replay_body
from api.models import RecallIn
from curation import ApiKeyRecord, MemgovError, MemoryStore, recall_answer

RECALL_PATH = "/v1/recall"
# blocking recalls run on threads of their own: one executor hop costs less event-loop
# CPU than anyio's worker threads (capacity limiter, library sniffing); sized like the
# store's connection pool (5 + 10 overflow), beyond which threads would only wait for it
RECALL_THREADS = 16


def recall_payload(
    store: MemoryStore, limiter: RateLimiter, authorization: str | None, body: RecallIn
) -> bytes:
    """The key check and the recall in one worker-thread hop and one transaction (the
    key's lookup opens it); the answer (already the documented ``RecallOut`` shape)
    encoded once, not re-validated. Blocking."""

    def admit(key: ApiKeyRecord) -> str:
        check_rate(limiter, key)
        return service.actor(key)

    result = store.recall_by_key(
        bearer_secret(authorization),
        body.query,
        body.k,
        mode=body.mode,
        agent_id=body.agent_id,
        as_of=body.as_of,
        filters=body.filter_fields(),
        admit=admit,
    )
    if result is None:
        raise unknown_key()
    return json.dumps(recall_answer(result), ensure_ascii=False).encode()


def _is_json(content_type: bytes | None) -> bool:
    media = (content_type or b"").split(b";", 1)[0].strip().lower()
    return media == b"application/json"


class RecallFastPath:
    """ASGI wrapper around the whole app. A body over ``max_bytes`` goes on to the app,
    whose size limit answers 413."""

    def __init__(self, app: Any, store: MemoryStore, limiter: RateLimiter, max_bytes: int) -> None:
        self.app = app
        self.store = store
        self.limiter = limiter
        self.max_bytes = max_bytes
        self._threads = ThreadPoolExecutor(RECALL_THREADS, thread_name_prefix="memgov-recall")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != RECALL_PATH or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        authorization = content_type = None
        for name, value in scope["headers"]:
            if name == b"authorization":
                authorization = value.decode("latin-1")
            elif name == b"content-type":
                content_type = value
        body, ended = await _read(receive, self.max_bytes)
        fits = ended and len(body) <= self.max_bytes
        request = self._well_formed(body, authorization, content_type) if fits else None
        if request is None:
            await self.app(scope, replay_body(body, receive, more_body=not ended), send)
            return
        try:
            # in this context (the request's span, if any, parents the store's recall span)
            payload = await asyncio.get_running_loop().run_in_executor(
                self._threads,
                contextvars.copy_context().run,
                recall_payload,
                self.store,
                self.limiter,
                authorization,
                request,
            )
        except ApiError as exc:
            response: Response = exc.response()
        except MemgovError as exc:
            response = from_memgov_error(exc)
        except Exception as exc:  # outside the app's stack: its last handler's answer
            response = from_unexpected(exc)
        else:
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": payload})
            return
        await response(scope, receive, send)

    @staticmethod
    def _well_formed(
        body: bytes, authorization: str | None, content_type: bytes | None
    ) -> RecallIn | None:
        if not authorization or not _is_json(content_type):
            return None
        scheme, _, secret = authorization.partition(" ")
        if scheme.lower() != "bearer" or not secret.strip():
            return None
        try:
            return RecallIn.model_validate_json(body)
        except pydantic.ValidationError:
            return None


async def _read(receive: Receive, max_bytes: int) -> tuple[bytes, bool]:
    """The body, read until it ends (``True``) or passes ``max_bytes`` first (``False``:
    the app's size limit reads the rest and answers 413)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), True
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), True
        if size > max_bytes:
            return b"".join(chunks), False
