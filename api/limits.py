"""Request body size limit (an ASGI middleware: 413 before the app parses anything) and
the per-key rate limit (a token bucket: 429 with Retry-After)."""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable
from typing import Any

from api.errors import error_body

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[Message], Any]


class BodySizeLimit:
    """Refuse bodies over ``max_bytes`` with 413, whether announced (Content-Length) or
    streamed in chunks; the body is read here once and replayed to the app."""

    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replay_body(b"".join(chunks), receive), send)

    async def _refuse(self, send: Send) -> None:
        payload = json.dumps(
            error_body(
                "too_large",
                f"request body exceeds {self.max_bytes} bytes",
                field="body",
                value=None,
            )
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})


class RateLimiter:
    """A token bucket per key: ``rate`` requests a second on average, bursts of ``burst``.
    ``take`` answers 0 when the request may go on, else the seconds to wait."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key_id: str) -> int:
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.get(key_id, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            if tokens >= 1.0:
                self._buckets[key_id] = (tokens - 1.0, now)
                return 0
            self._buckets[key_id] = (tokens, now)
            return max(1, math.ceil((1.0 - tokens) / self.rate))


def replay_body(body: bytes, receive: Receive, *, more_body: bool = False) -> Receive:
    """A ``receive`` that hands the app a body already read (``more_body``: only its
    start), then the connection's own messages (the rest, a disconnect), so a middleware
    may read the body before the app does."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": more_body}
        return await receive()  # type: ignore[no-any-return]

    return replay
