"""Issue 29's HTTP reproductions, each answered by a 4xx in the one error schema: NaN,
Infinity and lone surrogates; batch errors naming the item and the limit; no coercion of
loose types; malformed JSON, another content type, another method; an HTTP curate under a
dry-run policy saying why nothing was written. Also: docs/api.md's error table lists
exactly the types the code can answer, and an error response cannot fail while echoing."""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import anyio
import httpx
import pytest
from api_helpers import Served, error_of
from hypothesis import given, settings
from hypothesis import strategies as st

from api.errors import ERROR_STATUS, MAX_SHOWN_CHARS, ErrorBoundary, ErrorType, error_body
from curation import CurationPolicy, Mode

A = "acme"
DOCS = Path(__file__).parent.parent / "docs" / "api.md"
JSON = {"content-type": "application/json"}


# a fixed id (xdist workers must collect the same parameters)
UNKNOWN_RECALL = uuid.UUID("3a2520c3-cef3-4642-a13d-bc856adce6f6")


@pytest.fixture
def agent(served: Served) -> Iterator[httpx.Client]:
    with served.client(served.key(A)) as client:
        yield client


def shown_size(value: Any) -> int:
    """What the bound limits: a cut value is text of at most MAX_SHOWN_CHARS characters,
    any other value's JSON is at most that long."""
    return len(value) if isinstance(value, str) else len(json.dumps(value, ensure_ascii=False))


def raw(client: httpx.Client, path: str, body: str, **headers: str) -> httpx.Response:
    """A body sent as typed, so NaN, Infinity and ``\\ud800`` escapes reach the server."""
    return client.post(path, content=body.encode(), headers={**JSON, **headers})


def refused(response: httpx.Response, status: int, field: str | None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error = error_of(response)
    assert error["field"] == field, error
    assert error["type"] != "internal"
    assert shown_size(error["value"]) <= MAX_SHOWN_CHARS
    return error


# -- the table and the code ------------------------------------------------------------


def test_the_docs_error_table_lists_exactly_the_types_the_code_answers(served: Served) -> None:
    rows = re.findall(r"^\| (\d{3}) \| `(\w+)` \|", DOCS.read_text(), flags=re.MULTILINE)
    documented = {kind: int(status) for status, kind in rows}
    assert documented == ERROR_STATUS
    assert set(get_args(ErrorType)) == set(ERROR_STATUS)
    schema = httpx.get(f"{served.url}/openapi.json").json()
    detail = schema["components"]["schemas"]["ErrorDetail"]["properties"]["type"]
    assert set(detail["enum"]) == set(ERROR_STATUS)


# -- NaN, Infinity, lone surrogates ------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body", "status", "field"),
    [
        ("/v1/memories", '{"content": "k", "importance": NaN}', 422, "importance"),
        ("/v1/memories", '{"content": "k", "importance": Infinity}', 422, "importance"),
        ("/v1/memories", '{"content": "k", "importance": -Infinity}', 422, "importance"),
        ("/v1/memories", '{"content": "k", "metadata": {"x": NaN}}', 400, "metadata"),
        ("/v1/memories", '{"content": "k", "metadata": {"x": "a\\ud800"}}', 400, "metadata"),
        ("/v1/memories", '{"content": "abc\\ud800def"}', 422, "content"),
        (
            "/v1/memories",
            '{"memories": [{"content": "a"}, {"content": "\\udfff"}]}',
            422,
            "memories[1].content",
        ),
        ("/v1/recall", '{"query": "abc\\ud800def"}', 422, "query"),
        ("/v1/outcomes", f'{{"recall_id": "{UNKNOWN_RECALL}", "score": NaN}}', 422, "score"),
    ],
)
def test_non_finite_numbers_and_lone_surrogates_are_refused_naming_the_field(
    served: Served, agent: httpx.Client, path: str, body: str, status: int, field: str
) -> None:
    error = refused(raw(agent, path, body), status, field)
    assert served.store.memories(A) == []
    if "NaN" in body and field != "metadata":
        assert error["value"] == "nan"


def test_an_error_response_never_fails_while_echoing() -> None:
    """The renderer itself: whatever the value, strict JSON that encodes as UTF-8."""
    hostile = {
        "nan": float("nan"),
        "inf": [float("inf")],
        "surrogate": "a\ud800b",
        "key\udfff": 1,
        "huge": 10**5000,
        "deep": [[[[[[[[[[[[1]]]]]]]]]]]],
        "bytes": b"\xff",
        "many": list(range(5000)),
        "object": object(),
    }
    body = error_body("unprocessable", "bad \ud800 message", "field\ud800", hostile)
    text = json.dumps(body, allow_nan=False, ensure_ascii=False)
    text.encode("utf-8")
    assert shown_size(body["error"]["value"]) <= MAX_SHOWN_CHARS
    assert body["error"]["message"] == "bad \\ud800 message"


@settings(max_examples=200, deadline=None)
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text() | st.binary(),
        lambda children: st.lists(children) | st.dictionaries(st.text(), children),
        max_leaves=30,
    )
)
def test_any_value_echoes_as_bounded_json(value: Any) -> None:
    shown = error_body("invalid", "m", "f", value)["error"]["value"]
    json.dumps(shown, allow_nan=False, ensure_ascii=False).encode("utf-8")
    assert shown_size(shown) <= MAX_SHOWN_CHARS


# -- batches -----------------------------------------------------------------------------


def test_batch_errors_name_the_item_and_the_limit(served: Served, agent: httpx.Client) -> None:
    many = agent.post("/v1/memories", json={"memories": [{"content": "a"}] * 1001})
    error = refused(many, 422, "memories")
    assert "at most 1,000" in error["message"] and error["value"] == "<list of 1,001 items>"
    empty = refused(agent.post("/v1/memories", json={"memories": []}), 422, "memories")
    assert "at least 1" in empty["message"]
    items: list[dict[str, Any]] = [{"content": "a"}, {"content": "b"}, {"content": 5}]
    typed = refused(
        agent.post("/v1/memories", json={"memories": items}), 422, "memories[2].content"
    )
    assert typed["value"] == 5
    extra = [{"content": "a"}, {"content": "b", "colour": "red"}]
    unknown = refused(
        agent.post("/v1/memories", json={"memories": extra}), 422, "memories[1].colour"
    )
    assert unknown["message"] == "unknown field"
    kinds = [{"content": "a"}] * 3 + [{"content": "d", "kind": "gossip"}]
    assert (
        refused(agent.post("/v1/memories", json={"memories": kinds}), 422, "memories[3].kind")[
            "value"
        ]
        == "gossip"
    )
    missing = refused(
        agent.post("/v1/memories", json={"memories": [{"kind": "fact"}]}),
        422,
        "memories[0].content",
    )
    assert "MemoryIn" not in json.dumps(missing)
    single = refused(agent.post("/v1/memories", json={"importance": 0.5}), 422, "content")
    assert "MemoryIn" not in json.dumps(single)
    assert served.store.memories(A) == []


# -- no coercion -------------------------------------------------------------------------


def test_loose_types_are_refused_not_coerced(served: Served, agent: httpx.Client) -> None:
    memory = served.store.remember(A, "the deploy key rotates monthly")
    with served.client(served.key(A, "curator")) as curator:
        apply = refused(curator.post("/v1/curator/curate", json={"apply": "yes"}), 422, "apply")
        assert apply["value"] == "yes"
        assert served.store.runs.latest(A) == []  # no run at all, let alone an applied one
        refused(
            curator.post(f"/v1/curator/memories/{memory.id}/pin", json={"pinned": 1}), 422, "pinned"
        )
    refused(agent.post("/v1/recall", json={"query": "deploy", "k": True}), 422, "k")
    refused(agent.post("/v1/recall", json={"query": "deploy", "k": "3"}), 422, "k")
    refused(
        agent.post("/v1/memories", json={"content": "x", "importance": "0.5"}), 422, "importance"
    )
    refused(agent.post("/v1/memories", json={"content": "x", "generality": 1.5}), 422, "generality")
    refused(agent.post("/v1/memories", json={"content": 7}), 422, "content")
    feedback = agent.post(f"/v1/memories/{memory.id}/feedback", json={})
    assert refused(feedback, 422, "useful")["message"] == "required field is missing"
    assert served.store.get(A, memory.id).proven == 0
    # an integral JSON number is an integer, as the schema says
    assert agent.post("/v1/recall", json={"query": "deploy", "k": 2.0}).status_code == 200


# -- the request itself ------------------------------------------------------------------


def test_malformed_requests_answer_in_the_error_schema(agent: httpx.Client) -> None:
    broken = refused(raw(agent, "/v1/memories", '{"content": '), 400, "body")
    assert broken["type"] == "malformed_json" and "character 12" in broken["message"]
    deep = refused(raw(agent, "/v1/memories", "[" * 100_000), 400, "body")
    assert deep["type"] == "malformed_json"
    plain = agent.post(
        "/v1/memories", content=b'{"content": "x"}', headers={"content-type": "text/plain"}
    )
    error = refused(plain, 415, "Content-Type")
    assert error["type"] == "unsupported_media_type" and error["value"] == "text/plain"
    wrong = agent.put("/v1/memories", json={"content": "x"})
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
    assert error_of(wrong)["type"] == "method_not_allowed"
    nowhere = agent.get("/v1/nowhere")
    assert nowhere.status_code == 404 and error_of(nowhere)["type"] == "not_found"
    bad_id = refused(agent.get("/v1/memories/not-a-uuid"), 422, "memory_id")
    assert bad_id["value"] == "not-a-uuid"


def test_an_error_logs_one_line_without_a_traceback(
    agent: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="memgov.api")
    agent.post("/v1/memories", json={"memories": [{"content": 5}]})
    lines = [r for r in caplog.records if r.name == "memgov.api"]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert "422 unprocessable field=memories[0].content" in lines[0].getMessage()


def test_a_bug_answers_internal_with_one_log_line(caplog: pytest.LogCaptureFixture) -> None:
    """The boundary around the app, with a real app that fails: 500 in the error schema,
    one ERROR line, the traceback only at debug level."""
    caplog.set_level(logging.DEBUG, logger="memgov.api")

    async def failing(scope: Any, receive: Any, send: Any) -> None:
        raise RuntimeError("a bug")

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "method": "GET", "path": "/", "headers": []}
    anyio.run(ErrorBoundary(failing), scope, receive, send)
    assert sent[0]["status"] == 500
    assert json.loads(sent[1]["body"])["error"]["type"] == "internal"
    records = [r for r in caplog.records if r.name == "memgov.api"]
    assert [r.levelno for r in records if r.levelno >= logging.INFO] == [logging.ERROR]
    assert [r.exc_info is not None for r in records if r.levelno == logging.DEBUG] == [True]


# -- curate says why nothing was written ---------------------------------------------------


def test_an_http_apply_under_a_dry_run_policy_says_why_nothing_was_written(
    served: Served,
) -> None:
    served.store.remember(A, "the cache lives on the nas")
    served.store.remember(A, "the cache lives on the nas box")
    with served.client(served.key(A, "curator")) as curator:
        applied = curator.post("/v1/curator/curate", json={"apply": True}).json()
        assert applied["dry_run"] is False
        assert "dry_run" in applied["note"] and "--enable-writes" in applied["note"]
        assert curator.post("/v1/curator/curate", json={}).json()["note"] is None
        writes = CurationPolicy().with_all_modes(Mode.APPLY).model_dump(mode="json")
        served.store.tenants.set_policy(
            A,
            {
                name: writes[name]
                for name in ("supersession", "duplicates", "decay", "contradiction", "subsumption")
            },
        )
        assert curator.post("/v1/curator/curate", json={"apply": True}).json()["note"] is None
