"""``POST /v1/recall``'s fast path (api.fast_recall) answers exactly as the documented
FastAPI route does: the same statuses, the same error bodies, the same hits — a server
with the fast path and one without, on one store, asked the same requests."""

from __future__ import annotations

from typing import Any

import httpx
from api_helpers import error_of, serving

from api import ApiSettings
from curation import MemoryStore

T = "acme"


def ask(client: httpx.Client, key: str | None, body: Any, content_type: str) -> httpx.Response:
    headers = {"content-type": content_type}
    if key is not None:
        headers["authorization"] = f"Bearer {key}"
    content = body if isinstance(body, bytes) else httpx.Request("POST", "/", json=body).content
    return client.post("/v1/recall", content=content, headers=headers)


def test_the_fast_path_answers_like_the_route(store: MemoryStore) -> None:
    store.remember(T, "deploys need a green CI run first")
    store.remember(T, "billing runs on the first of the month")
    key = store.keys.create(T, "agent").key
    revoked = store.keys.create(T, "agent")
    store.keys.revoke(T, revoked.id)
    json_type = "application/json"
    cases: list[tuple[str | None, Any, str]] = [
        (key, {"query": "what do deploys need", "k": 2}, json_type),
        (key, {"query": "deploys", "mode": "raw"}, "application/json; charset=utf-8"),
        (key, {"query": "x", "k": 0}, json_type),  # the schema states 1..1000: 422 naming k
        (key, {"query": "x", "as_of": "last tuesday"}, json_type),
        (key, {"query": "x", "k": "many"}, json_type),  # the schema refuses: 422
        (key, {"query": "x", "tenant": "globex"}, json_type),  # no tenant field: 422
        (key, b"{nope", json_type),
        (key, {"query": "x"}, "text/plain"),
        (None, {"query": "x"}, json_type),
        ("mgk_unknown", {"query": "x"}, json_type),
        (revoked.key, {"query": "x"}, json_type),
        ("mgk_unknown", b"{nope", json_type),  # a malformed body is 400 before the key
    ]
    answers: dict[bool, list[tuple[int, Any]]] = {}
    for fast in (True, False):
        with (
            serving(store, ApiSettings(fast_recall=fast)) as served,
            httpx.Client(base_url=served.url, timeout=30) as client,
        ):
            answers[fast] = []
            for secret, body, content_type in cases:
                response = ask(client, secret, body, content_type)
                if response.status_code == 200:
                    shown = [hit["id"] for hit in response.json()["hits"]]
                else:
                    shown = error_of(response)
                answers[fast].append((response.status_code, shown))
    assert answers[True] == answers[False]
    statuses = [status for status, _ in answers[True]]
    assert statuses == [200, 200, 422, 422, 422, 422, 400, 415, 401, 401, 401, 400]
    assert len(answers[True][0][1]) == 2
