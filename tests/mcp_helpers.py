"""An MCP client for the served API, and the payload a tool call answered."""

from __future__ import annotations

import json
from typing import Any

import httpx2
from api_helpers import Served
from mcp import Client
from mcp.client.streamable_http import streamable_http_client


def over_http(served: Served, key: str) -> Client:
    """An MCP client of ``served``'s streamable-HTTP endpoint, authenticated by ``key``."""
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=30)
    return Client(streamable_http_client(f"{served.url}/mcp", http_client=http))


def structured(result: Any) -> dict[str, Any]:
    """A successful tool call's payload: its structured content, else its JSON text."""
    assert not result.is_error, result.content
    if result.structured_content is not None:
        payload = result.structured_content
        return payload.get("result", payload)  # type: ignore[no-any-return]
    return json.loads(result.content[0].text)  # type: ignore[no-any-return]
