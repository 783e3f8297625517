"""``POST /v1/recall``, the hot path, answered before the framework's routing,
dependency resolution and request objects (they cost more server CPU than the HTTP
itself). It takes only well-formed requests — a JSON ``RecallIn`` body and a Bearer
header — and does what the documented FastAPI route does, through the same functions;
anything else (a malformed body, no key, another content type) goes on to that route, so
every refusal keeps the one error schema and ``/openapi.json`` stays the description."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pydantic
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from api import service
from api.auth import live_key
from api.errors import ApiError, from_api_error, from_memgov_error
from api.limits import RateLimiter, replay_body
from api.models import RecallIn
from curation import MemgovError, MemoryStore

RECALL_PATH = "/v1/recall"


def recall_payload(
    store: MemoryStore, limiter: RateLimiter, authorization: str | None, body: RecallIn
) -> bytes:
    """The key check and the recall in one worker-thread hop; the answer (already the
    documented ``RecallOut`` shape) encoded once, not re-validated. Blocking."""
    key = live_key(store, limiter, authorization)
    found = service.recall(store, key, body.query, body.k, body.mode, body.agent_id, body.as_of)
    return json.dumps(found, ensure_ascii=False).encode()


def _is_json(content_type: bytes | None) -> bool:
    media = (content_type or b"").split(b";", 1)[0].strip().lower()
    return media == b"application/json"


class RecallFastPath:
    """ASGI middleware in front of the app (inside the body-size limit)."""

    def __init__(self, app: Any, store: MemoryStore, limiter: RateLimiter) -> None:
        self.app = app
        self.store = store
        self.limiter = limiter

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
        body = await _read(receive)
        request = self._well_formed(body, authorization, content_type)
        if request is None:
            await self.app(scope, replay_body(body, receive), send)
            return
        try:
            payload = await anyio.to_thread.run_sync(
                recall_payload, self.store, self.limiter, authorization, request
            )
        except ApiError as exc:
            response: Response = from_api_error(exc)
        except MemgovError as exc:
            response = from_memgov_error(exc)
        else:
            response = Response(payload, media_type="application/json")
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


async def _read(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)
