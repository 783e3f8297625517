"""When to send a call again and how long to wait first. Safe because every write carries
a client id: the server stores it once however often it arrives."""

from __future__ import annotations

from dataclasses import dataclass

import httpx

from memgov_client.errors import retry_after_seconds

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
# the request surely never reached the server: any call may be re-sent
_NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)


@dataclass(frozen=True)
class RetryPolicy:
    """``retries`` more attempts after the first, waiting ``backoff * 2**n`` seconds (at
    most ``max_backoff``), or the server's Retry-After when it sends one (honoured even
    when longer)."""

    retries: int = 3
    backoff: float = 0.25
    max_backoff: float = 8.0

    def should_retry_error(
        self, attempt: int, error: httpx.TransportError, idempotent: bool
    ) -> bool:
        return attempt < self.retries and (idempotent or isinstance(error, _NEVER_SENT))

    def should_retry_status(self, attempt: int, status: int, idempotent: bool) -> bool:
        # a 429 was refused before any work; a 5xx may have done the work
        return attempt < self.retries and (
            status == 429 or (idempotent and status in RETRY_STATUSES)
        )

    def delay(self, attempt: int, response: httpx.Response | None = None) -> float:
        if response is not None:
            asked = retry_after_seconds(response.headers.get("retry-after"))
            if asked is not None:
                return asked
        return float(min(self.max_backoff, self.backoff * 2**attempt))
