"""The HTTP API against a real uvicorn server: auth bound to tenants, isolation, the
agent routes, idempotent client ids, the error schema, body and rate limits."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import httpx
from api_helpers import Served, error_of, serving

from api import ApiSettings
from curation import MemoryStore

A, B = "acme", "globex"


def remember(client: httpx.Client, content: str, **fields: object) -> dict:
    response = client.post("/v1/memories", json={"content": content, **fields})
    assert response.status_code in (200, 201), response.text
    return response.json()["results"][0]  # type: ignore[no-any-return]


# -- auth -----------------------------------------------------------------------------


def test_health_is_the_only_anonymous_route(served: Served) -> None:
    with served.client() as anonymous:
        health = anonymous.get("/v1/health")
        assert health.status_code == 200
        assert health.json()["status"] == "ok"
        assert health.json()["embedding_model"] == served.store.embedder.model_name
        for method, path in [
            ("POST", "/v1/memories"),
            ("POST", "/v1/recall"),
            ("POST", "/v1/outcomes"),
            ("GET", f"/v1/memories/{uuid.uuid4()}"),
            ("GET", "/v1/curator/proposals"),
            ("POST", "/v1/curator/curate"),
            ("POST", "/mcp"),
        ]:
            response = anonymous.request(method, path, json={})
            assert response.status_code == 401, (method, path, response.text)
            assert response.headers["www-authenticate"] == "Bearer"
            assert error_of(response)["type"] == "unauthorized"


def test_a_forged_or_malformed_key_is_refused(served: Served) -> None:
    served.key(A)
    for header in ["Bearer mgk_" + "x" * 43, "Bearer nonsense", "Basic abc", "Bearer"]:
        with httpx.Client(base_url=served.url, headers={"Authorization": header}) as client:
            assert client.post("/v1/recall", json={"query": "q"}).status_code == 401, header


def test_an_agent_key_cannot_reach_curator_routes(served: Served) -> None:
    with served.client(served.key(A, "agent")) as agent:
        for method, path in [
            ("GET", "/v1/curator/proposals"),
            ("GET", "/v1/curator/conflicts"),
            ("GET", "/v1/curator/runs"),
            ("POST", "/v1/curator/curate"),
            ("POST", f"/v1/curator/memories/{uuid.uuid4()}/restore"),
        ]:
            response = agent.request(method, path, json={})
            assert response.status_code == 403, (path, response.text)
            assert error_of(response)["type"] == "forbidden"
    with served.client(served.key(A, "curator")) as curator:
        assert curator.get("/v1/curator/runs").status_code == 200
        assert curator.post("/v1/recall", json={"query": "anything"}).status_code == 200


def test_a_revoked_key_fails_on_its_next_request(served: Served) -> None:
    served.store.tenants.create(A)
    created = served.store.keys.create(A, "agent", name="laptop")
    with served.client(created.key) as client:
        assert client.post("/v1/recall", json={"query": "q"}).status_code == 200
        served.store.keys.revoke(A, created.id)
        response = client.post("/v1/recall", json={"query": "q"})
        assert response.status_code == 401
        assert "revoked" in error_of(response)["message"]
    (listed,) = served.store.keys.all(A)
    assert listed.revoked_at is not None and listed.last_used_at is not None


def test_requests_authenticate_after_the_database_dropped_the_key_connections(
    served: Served,
) -> None:
    """The key check's pool has no ping: connections the server dropped (a restart, an
    idle timeout) are noticed by the failing statement and the pool starts afresh, so the
    next request authenticates instead of answering 500 (here two idle connections die)."""
    key = served.key(A)
    engine = served.store.db.key_engine
    held = [engine.raw_connection() for _ in range(2)]
    pids = [conn.driver_connection.info.backend_pid for conn in held]  # type: ignore[union-attr]
    for conn in held:
        conn.close()  # back into the pool, idle
    with served.store.db.admin_transaction() as admin:
        admin.exec_driver_sql("SELECT pg_terminate_backend(pid) FROM unnest(%s) pid", (pids,))
    deadline = time.monotonic() + 30
    while True:  # until both backends are gone (termination is asynchronous)
        with served.store.db.admin_transaction() as admin:
            alive = admin.exec_driver_sql(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", (pids,)
            ).scalar()
        if not alive:
            break
        assert time.monotonic() < deadline, f"backends {pids} still alive"
        time.sleep(0.05)
    with served.client(key) as client:
        for _ in range(3):
            assert client.post("/v1/recall", json={"query": "q"}).status_code == 200


def test_keys_are_stored_hashed(served: Served) -> None:
    served.store.tenants.create(A)
    created = served.store.keys.create(A, "curator")
    with served.store.db.admin_transaction() as conn:
        rows = conn.exec_driver_sql("SELECT key_hash, tenant, scope FROM api_key").all()
    assert [(r.tenant, r.scope) for r in rows] == [(A, "curator")]
    assert created.key not in rows[0].key_hash and len(rows[0].key_hash) == 64


# -- isolation ------------------------------------------------------------------------


def test_a_key_of_tenant_a_never_sees_tenant_b(served: Served) -> None:
    with served.client(served.key(B)) as b:
        secret = remember(b, "globex launch code is 0000")
        contested_id = remember(b, "globex ships on fridays")["id"]
        b.post(f"/v1/memories/{contested_id}/contest", json={"claim": "no", "evidence": "e"})
        recall_id = b.post("/v1/recall", json={"query": "launch", "agent_id": "b1"}).json()[
            "recall_id"
        ]
    with served.client(served.key(A)) as a:
        remember(a, "acme likes tea")
        hits = a.post("/v1/recall", json={"query": "globex launch code", "k": 20, "mode": "raw"})
        assert [h["content"] for h in hits.json()["hits"]] == ["acme likes tea"]
        for method, path, body in [
            ("GET", f"/v1/memories/{secret['id']}", None),
            ("POST", f"/v1/memories/{secret['id']}/feedback", {"useful": True}),
            ("POST", f"/v1/memories/{secret['id']}/contest", {"claim": "x", "evidence": "y"}),
            ("POST", "/v1/outcomes", {"recall_id": recall_id, "success": True}),
        ]:
            response = a.request(method, path, json=body)
            assert response.status_code == 404, (path, response.text)
            assert error_of(response)["type"] == "not_found"
            assert B not in response.text and "globex" not in response.text
        # the body cannot choose the tenant
        assert a.post("/v1/memories", json={"content": "x", "tenant": B}).status_code == 422
    with served.client(served.key(A, "curator")) as curator:
        assert curator.get("/v1/curator/conflicts", params={"status": "all"}).json() == []
        restore = curator.post(f"/v1/curator/memories/{secret['id']}/restore")
        assert restore.status_code == 404
    assert served.store.get(B, secret["id"]).content == "globex launch code is 0000"


# -- the agent routes ---------------------------------------------------------------


def test_the_agent_loop(served: Served) -> None:
    with served.client(served.key(A, name="agent-7")) as client:
        first = remember(client, "deploys need a green CI run", kind="preference")
        assert first["created"] is True
        again = remember(client, "deploys need a green CI run", kind="preference")
        assert again == {**again, "id": first["id"], "created": False, "restated": True}
        recalled = client.post(
            "/v1/recall", json={"query": "what do deploys need", "k": 3, "agent_id": "bot-1"}
        ).json()
        assert recalled["recall_id"] and recalled["cohort"] == "curated"
        assert recalled["hits"][0]["id"] == first["id"]
        assert set(recalled["hits"][0]) >= {"similarity", "score", "retention", "conflicts"}
        outcome = client.post(
            "/v1/outcomes", json={"recall_id": recalled["recall_id"], "success": True}
        )
        assert outcome.status_code == 200 and outcome.json()["success"] is True
        twice = client.post(
            "/v1/outcomes", json={"recall_id": recalled["recall_id"], "success": False}
        )
        assert twice.status_code == 409, twice.text
        feedback = client.post(
            f"/v1/memories/{first['id']}/feedback",
            json={"useful": True, "recall_id": recalled["recall_id"]},
        )
        assert feedback.status_code == 200 and feedback.json()["proven"] == 1
        conflict = client.post(
            f"/v1/memories/{first['id']}/contest",
            json={"claim": "hotfixes skip CI", "evidence": "incident 42"},
        )
        assert conflict.status_code == 201 and conflict.json()["status"] == "open"
        explained = client.get(f"/v1/memories/{first['id']}").json()
        assert explained["memory"]["content"] == "deploys need a green CI run"
        assert [c["claim"] for c in explained["conflicts"]] == ["hotfixes skip CI"]
        assert {e["actor"] for e in explained["events"]} == {"key:agent-7"}
        plain = client.post("/v1/recall", json={"query": "deploys"}).json()
        assert plain["recall_id"] is None and plain["mode"] == "curated"


def test_recall_as_of_a_past_moment(served: Served) -> None:
    with served.client(served.key(A)) as client:
        written = remember(client, "the release train leaves on Tuesdays")
        query = {"query": "when does the release train leave"}
        before = client.post("/v1/recall", json={**query, "as_of": "2000-01-01T00:00:00Z"})
        assert before.status_code == 200 and before.json()["hits"] == []
        assert before.json()["as_of"] == "2000-01-01T00:00:00+00:00"
        after = client.post("/v1/recall", json={**query, "as_of": "2999-01-01T00:00:00Z"})
        assert [h["id"] for h in after.json()["hits"]] == [written["id"]]
        assert client.post("/v1/recall", json=query).json()["as_of"] is None


def test_a_batch_and_idempotent_client_ids(served: Served) -> None:
    ids = [str(uuid.uuid4()) for _ in range(3)]
    batch = {"memories": [{"content": f"fact {n}", "id": ids[n]} for n in range(3)]}
    with served.client(served.key(A)) as client:
        first = client.post("/v1/memories", json=batch)
        assert first.status_code == 201
        assert [r["id"] for r in first.json()["results"]] == ids
        retry = client.post("/v1/memories", json=batch)
        assert retry.status_code == 200
        assert [(r["id"], r["duplicate"], r["created"]) for r in retry.json()["results"]] == [
            (i, True, False) for i in ids
        ]
        reused = client.post("/v1/memories", json={"content": "other text", "id": ids[0]})
        assert reused.status_code == 409
        assert error_of(reused) == {**error_of(reused), "field": "id", "value": ids[0]}
    assert served.store.counts(A).active == 3
    restates, _ = served.store.ledger.count_events(A, types=["restate"])
    assert restates == 0  # a retry wrote nothing, not even a reinforcement


# -- errors and limits --------------------------------------------------------------


def test_errors_name_the_field_and_value(served: Served) -> None:
    with served.client(served.key(A)) as client:
        empty = client.post("/v1/memories", json={"content": "   "})
        assert empty.status_code == 422  # the schema states it: a non-blank character
        assert error_of(empty)["field"] == "content"
        kind = client.post("/v1/memories", json={"content": "x", "kind": "gossip"})
        assert (kind.status_code, error_of(kind)["field"], error_of(kind)["value"]) == (
            422,
            "kind",
            "gossip",
        )
        k = client.post("/v1/recall", json={"query": "x", "k": 0})
        assert k.status_code == 422 and error_of(k)["field"] == "k"
        typed = client.post("/v1/recall", json={"query": "x", "k": "many"})
        assert typed.status_code == 422 and error_of(typed)["field"] == "k"
        as_of = client.post("/v1/recall", json={"query": "x", "as_of": "last tuesday"})
        assert (as_of.status_code, error_of(as_of)["field"], error_of(as_of)["value"]) == (
            422,
            "as_of",
            "last tuesday",
        )
        bad_id = client.get("/v1/memories/not-a-uuid")
        assert bad_id.status_code == 422 and error_of(bad_id)["value"] == "not-a-uuid"
        missing = client.get(f"/v1/memories/{uuid.uuid4()}")
        assert missing.status_code == 404
        not_json = client.post(
            "/v1/recall", content=b"{nope", headers={"content-type": "application/json"}
        )
        assert not_json.status_code == 400
        assert error_of(not_json)["type"] == "malformed_json"
        assert error_of(client.get("/v1/nowhere"))["type"] == "not_found"


def test_oversized_bodies_get_413(store: MemoryStore) -> None:
    with serving(store, ApiSettings(max_body_bytes=2_000)) as served:
        key = served.key(A)
        with served.client(key) as client:
            big = client.post("/v1/memories", json={"content": "x" * 5_000})
            assert big.status_code == 413 and error_of(big)["type"] == "too_large"

            def chunks() -> Iterator[bytes]:  # no Content-Length: streamed
                yield b'{"content": "'
                for _ in range(10):
                    yield b"y" * 500
                yield b'"}'

            streamed = client.post(
                "/v1/memories", content=chunks(), headers={"content-type": "application/json"}
            )
            assert streamed.status_code == 413
            # recall's fast path stops reading at the limit and leaves the 413 to the app
            json_type = {"content-type": "application/json"}
            for content in (b'{"query": "' + b"q" * 5_000 + b'"}', chunks()):
                too_big = client.post("/v1/recall", content=content, headers=json_type)
                assert too_big.status_code == 413 and error_of(too_big)["type"] == "too_large"
            assert client.post("/v1/memories", json={"content": "small"}).status_code == 201
    assert [m.content for m in store.memories(A)] == ["small"]


def test_the_rate_limit_answers_429_with_retry_after(store: MemoryStore) -> None:
    with serving(store, ApiSettings(rate_per_second=1.0, burst=3)) as served:
        key, other = served.key(A), served.key(A)
        with served.client(key) as client:
            codes = [client.post("/v1/recall", json={"query": "q"}).status_code for _ in range(5)]
            assert codes[:3] == [200, 200, 200] and codes[-1] == 429
            limited = client.post("/v1/recall", json={"query": "q"})
            assert limited.status_code == 429
            assert int(limited.headers["retry-after"]) >= 1
            assert error_of(limited)["type"] == "rate_limited"
        with served.client(other) as client:  # the limit is per key
            assert client.post("/v1/recall", json={"query": "q"}).status_code == 200


def test_the_docs_and_schema_are_served(served: Served) -> None:
    with served.client() as client:
        schema = client.get("/openapi.json").json()
        assert client.get("/docs").status_code == 200
    assert {"/v1/memories", "/v1/recall", "/v1/outcomes", "/v1/health"} <= set(schema["paths"])
    assert "HTTPBearer" in schema["components"]["securitySchemes"]


def test_bench_http_starts_its_server_on_a_free_port_by_default() -> None:
    """A fixed default port measured (or waited for) whichever server already held it."""
    import inspect
    import socket

    from api.bench import free_port
    from api.cli import bench_http

    assert inspect.signature(bench_http).parameters["port"].default.default is None
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", free_port()))  # nothing listens there
