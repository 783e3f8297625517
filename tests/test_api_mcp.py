"""The MCP server, driven by the official SDK's own client: over streamable HTTP at /mcp
(the same bearer keys as REST) and over stdio (`memgov mcp`)."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from typing import Any

import anyio
import httpx2
from api_helpers import Served
from cli_helpers import MEMGOV
from mcp import Client, StdioServerParameters
from mcp_helpers import over_http, structured

from api.mcp_server import AGENT_TOOLS
from curation import MemoryStore

A, B = "acme", "globex"


def test_the_agent_tools_over_http(served: Served) -> None:
    memory = served.store.remember(A, "the staging database is called kestrel")
    served.store.remember(B, "globex staging database is called heron")
    key = served.key(A)

    async def session() -> tuple[list[str], dict[str, Any], dict[str, Any], Any]:
        async with over_http(served, key) as client:
            tools = await client.list_tools()
            recalled = structured(
                await client.call_tool(
                    "recall", {"query": "staging database", "k": 5, "agent_id": "mcp-bot"}
                )
            )
            written = structured(
                await client.call_tool("remember", {"content": "kestrel runs postgres 16"})
            )
            foreign = await client.call_tool("explain", {"memory_id": str(B_ID)})
            past = {"query": "staging database", "as_of": "2000-01-01T00:00:00Z"}
            then = structured(await client.call_tool("recall", past))
            assert then["hits"] == [] and then["as_of"] == "2000-01-01T00:00:00+00:00"
            return [t.name for t in tools.tools], recalled, written, foreign

    B_ID = served.store.memories(B)[0].id
    names, recalled, written, foreign = anyio.run(session)
    assert sorted(names) == sorted(AGENT_TOOLS)
    assert not {"approve", "resolve", "restore", "curate", "policy", "pin"} & set(names)
    assert [hit["id"] for hit in recalled["hits"]] == [memory.id]
    assert recalled["recall_id"] and recalled["cohort"] == "curated"
    assert written["created"] is True
    assert served.store.get(A, written["id"]).content == "kestrel runs postgres 16"
    assert foreign.is_error and "not_found" in foreign.content[0].text
    assert "heron" not in foreign.content[0].text


def test_mcp_over_http_needs_a_live_key(served: Served) -> None:
    for headers in [{}, {"Authorization": "Bearer mgk_forged"}]:
        response = httpx2.post(
            f"{served.url}/mcp",
            headers={**headers, "Accept": "application/json, text/event-stream"},
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        )
        assert response.status_code == 401
        assert response.json()["error"]["type"] == "unauthorized"


def test_the_agent_tools_over_stdio(store: MemoryStore, cli_env: dict[str, str]) -> None:
    store.remember(A, "the on-call phone is in the blue drawer")
    key = store.keys.create(A, "agent").key
    env = {**cli_env, "MEMGOV_EMBEDDER": "hashing", "MEMGOV_API_KEY": key}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    params = StdioServerParameters(command=MEMGOV, args=["mcp"], env=env)

    async def session() -> tuple[list[str], dict[str, Any]]:
        async with Client(params) as client:
            tools = await client.list_tools()
            recalled = structured(await client.call_tool("recall", {"query": "on-call phone"}))
            return [t.name for t in tools.tools], recalled

    names, recalled = anyio.run(session)
    assert sorted(names) == sorted(AGENT_TOOLS)
    assert recalled["hits"][0]["content"] == "the on-call phone is in the blue drawer"


def tool_error(result: Any) -> dict[str, Any]:
    """A refused call: the documented JSON error, never pydantic's report."""
    assert result.is_error
    text = result.content[0].text
    assert "pydantic" not in text and "Error executing tool" not in text, text
    body = json.loads(text)
    assert set(body) == {"error"} and set(body["error"]) == {"type", "field", "value", "message"}
    return body["error"]  # type: ignore[no-any-return]


def test_tool_errors_are_the_documented_json_and_remember_takes_metadata(
    served: Served,
) -> None:
    key = served.key(A)

    async def session() -> list[Any]:
        async with over_http(served, key) as client:
            calls: list[tuple[str, dict[str, Any]]] = [
                ("remember", {"content": 5}),
                ("remember", {"content": "x", "importance": "0.5"}),
                ("remember", {"content": "x", "metadata": '{"a": 1}'}),
                ("recall", {"query": "x", "k": True}),
                ("recall", {"query": "   "}),
                ("feedback", {"memory_id": str(uuid.uuid4())}),
                ("explain", {"memory_id": "not-a-uuid"}),
                ("explain", {"memory_id": str(uuid.uuid4())}),
                ("remember", {"content": "x", "colour": "red"}),
            ]
            answers = [await client.call_tool(name, args) for name, args in calls]
            answers.append(
                await client.call_tool(
                    "remember",
                    {
                        "content": "the runbook lives in the wiki",
                        "topic": "ops",
                        "source": "wiki/runbook",
                        "metadata": {"page": 12, "tags": ["ops"]},
                    },
                )
            )
            return answers

    *refusals, written = anyio.run(session)
    fields = [(e["type"], e["field"]) for e in map(tool_error, refusals)]
    assert fields == [
        ("unprocessable", "content"),
        ("unprocessable", "importance"),
        ("unprocessable", "metadata"),
        ("unprocessable", "k"),
        ("unprocessable", "query"),
        ("unprocessable", "useful"),
        ("unprocessable", "memory_id"),
        ("not_found", "memory"),
        ("unprocessable", "colour"),
    ]
    stored = served.store.get(A, structured(written)["id"])
    assert (stored.topic, stored.source) == ("ops", "wiki/runbook")
    assert stored.metadata == {"page": 12, "tags": ["ops"]}


def test_memgov_mcp_without_a_key_names_the_option_not_a_header(
    cli_env: dict[str, str],
) -> None:
    env = {
        k: v for k, v in {**cli_env, "MEMGOV_EMBEDDER": "hashing"}.items() if k != "MEMGOV_API_KEY"
    }
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    done = subprocess.run(
        [MEMGOV, "mcp"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2
    assert "--key" in done.stderr and "MEMGOV_API_KEY" in done.stderr
    assert "Authorization" not in done.stderr and "Traceback" not in done.stderr
