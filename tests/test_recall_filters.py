"""Recall filters (issue 32, item 1): conditions of the candidate search itself, so a
filtered recall returns k matches whenever k exist, however many nearer memories fail
the filter; bad filters refused by field and value."""

from __future__ import annotations

import json
import os
import subprocess
from datetime import timedelta
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from api_helpers import error_of, serving
from cli_helpers import run_cli
from conftest import T0
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from memgov_client import MemgovClient
from test_api_node import NODE, NODE_DIR, node_modules

from curation import MemoryStore, RecallFilter, ValidationError

T = "filters"
QUERY = "how do we deploy the billing service"
K = 5


def _fill(store: MemoryStore) -> list[str]:
    """Forty memories nearest the query that match no filter, then six that match them
    all (another kind, topic, source, metadata; written later), less similar."""
    for n in range(40):
        store.remember(
            T,
            f"Deploy the billing service with the blue-green script, step {n}",
            topic="deploys",
            source="wiki",
            metadata={"user": "7"},
            created_at=T0 - timedelta(days=30),
        )
    matching = [
        store.remember(
            T,
            f"The user prefers billing summaries as a table, variant {n}",
            kind="preference",
            topic="prefs",
            source="chat",
            metadata={"user": "42", "team": "ops"},
            created_at=T0 - timedelta(days=2),
        ).id
        for n in range(6)
    ]
    return matching


FILTERS: list[dict[str, Any]] = [
    {"kind": "preference"},
    {"kind": ["preference", "conversation"]},
    {"topic": "prefs"},
    {"source": "chat"},
    {"metadata": {"user": "42"}},
    {"metadata": {"user": "42", "team": "ops"}},
    {"written_after": (T0 - timedelta(days=10)).isoformat()},
    {"kind": "preference", "topic": "prefs", "metadata": {"team": "ops"}},
]


@pytest.mark.parametrize("mode", ["curated", "raw"])
@pytest.mark.parametrize("filters", FILTERS, ids=lambda f: ",".join(f))
def test_k_matches_come_back_among_many_nearer_non_matches(
    store: MemoryStore, filters: dict[str, Any], mode: str
) -> None:
    matching = _fill(store)
    unfiltered = store.recall(T, QUERY, K, mode=mode, record=False)
    assert not set(unfiltered.ids) & set(matching)  # the non-matches are nearer
    hits = store.recall(T, QUERY, K, mode=mode, record=False, filters=filters)
    assert len(hits.ids) == K and set(hits.ids) <= set(matching)


def test_written_before_and_a_filter_record(store: MemoryStore) -> None:
    matching = _fill(store)
    old = store.recall(
        T, QUERY, K, record=False, filters={"written_before": T0 - timedelta(days=10)}
    )
    assert len(old.ids) == K and not set(old.ids) & set(matching)
    typed = RecallFilter.of(source="chat", written_after=T0 - timedelta(days=3))
    assert set(store.recall(T, QUERY, K, record=False, filters=typed).ids) <= set(matching)


def test_a_filter_nothing_matches_returns_nothing(store: MemoryStore) -> None:
    _fill(store)
    assert store.recall(T, QUERY, K, record=False, filters={"topic": "nowhere"}).ids == []


@pytest.mark.parametrize(
    ("filters", "field"),
    [
        ({"kind": "opinion"}, "kind"),
        ({"topic": "two\nlines"}, "topic"),
        ({"metadata": {"user": {"nested": 1}}}, "metadata.user"),
        ({"metadata": ["user"]}, "metadata"),
        ({"written_after": "yesterday"}, "written_after"),
        ({"written_before": "2026-13-01"}, "written_before"),
        ({"colour": "blue"}, "filters"),
        ("topic=prefs", "filters"),
    ],
)
def test_a_bad_filter_is_refused_by_field_and_value(
    store: MemoryStore, filters: Any, field: str
) -> None:
    store.remember(T, "something to find")
    with pytest.raises(ValidationError) as refused:
        store.recall(T, QUERY, K, record=False, filters=filters)
    assert refused.value.field == field


def test_the_cli_filters_and_refuses_by_name(cli_env: dict[str, str], tmp_path: Path) -> None:
    rows = [
        {
            "content": f"Deploy the billing service with the blue-green script, step {n}",
            "topic": "deploys",
            "metadata": {"user": "7"},
        }
        for n in range(30)
    ] + [
        {
            "content": f"The user prefers billing summaries as a table, variant {n}",
            "kind": "preference",
            "topic": "prefs",
            "metadata": {"user": "42"},
        }
        for n in range(4)
    ]
    lines = tmp_path / "notes.jsonl"
    lines.write_text("".join(json.dumps(row) + "\n" for row in rows))
    run_cli(cli_env, "import", str(lines), "-t", T, "--json")
    done = run_cli(
        cli_env,
        "recall",
        QUERY,
        "-t",
        T,
        "-k",
        "3",
        "--meta",
        "user=42",
        "--kind",
        "preference",
        "--json",
    )
    hits = json.loads(done.stdout)
    assert len(hits) == 3 and all("prefers billing summaries" in h["content"] for h in hits)
    refused = run_cli(cli_env, "recall", QUERY, "-t", T, "--meta", "user", code=2)
    assert "--meta='user'" in refused.stderr and "Traceback" not in refused.stderr
    refused = run_cli(cli_env, "recall", QUERY, "-t", T, "--kind", "opinion", code=2)
    assert "kind='opinion'" in refused.stderr


def test_http_and_mcp_filter_the_search_and_refuse_by_name(store: MemoryStore) -> None:
    matching = _fill(store)
    filters = {"kind": "preference", "metadata": {"user": "42"}}
    with serving(store) as served:
        key = served.key(T)
        with served.client(key) as client:
            found = client.post("/v1/recall", json={"query": QUERY, "k": K, "filters": filters})
            assert found.status_code == 200, found.text
            assert [h["id"] for h in found.json()["hits"]] and {
                h["id"] for h in found.json()["hits"]
            } <= set(matching)
            assert len(found.json()["hits"]) == K
            bad = client.post("/v1/recall", json={"query": QUERY, "filters": {"kind": "opinion"}})
            assert bad.status_code == 422 and error_of(bad)["value"] == "opinion"
            nested = client.post(
                "/v1/recall", json={"query": QUERY, "filters": {"metadata": {"u": [1]}}}
            )
            assert nested.status_code == 422
            order = {
                "written_after": "2026-02-01T00:00:00Z",
                "written_before": "2026-01-01T00:00:00Z",
            }
            empty = client.post("/v1/recall", json={"query": QUERY, "filters": order})
            assert (empty.status_code, empty.json()["hits"]) == (200, [])

        async def session() -> tuple[Any, Any]:
            http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=30)
            async with Client(streamable_http_client(f"{served.url}/mcp", http_client=http)) as mcp:
                hits = await mcp.call_tool("recall", {"query": QUERY, "k": K, "filters": filters})
                refused = await mcp.call_tool("recall", {"query": QUERY, "filters": {"colour": 1}})
                return hits, refused

        hits, refused = anyio.run(session)
    assert not hits.is_error
    payload = hits.structured_content or json.loads(hits.content[0].text)
    shown = [h["id"] for h in payload.get("result", payload)["hits"]]
    assert len(shown) == K and set(shown) <= set(matching)
    assert refused.is_error and "colour" in refused.content[0].text


NODE_RECALLS = """\
import { createMemgovClient } from "./src/client.mjs";
const client = createMemgovClient();
const [query, k, filters] = JSON.parse(process.argv[1]);
const found = [];
for (const filter of filters) {
  found.push((await client.recall(query, { k, filters: filter })).hits.map((h) => h.id));
}
console.log(JSON.stringify(found));
"""


def test_both_clients_get_k_matches_among_many_nearer_non_matches(store: MemoryStore) -> None:
    """The Python and Node clients pass each filter through to the search: k matches
    come back though forty nearer memories match none of them."""
    matching = set(_fill(store))
    with serving(store) as served:
        key = served.key(T)
        client = MemgovClient(served.url, key)
        assert not {hit.id for hit in client.recall(QUERY, k=K).hits} & matching
        by_python = [
            [hit.id for hit in client.recall(QUERY, k=K, **options).hits]  # type: ignore[arg-type]
            for options in FILTERS
        ]
        node_modules()
        run = subprocess.run(
            [NODE, "--input-type=module", "-e", NODE_RECALLS, json.dumps([QUERY, K, FILTERS])],
            cwd=NODE_DIR,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env={**os.environ, "MEMGOV_URL": served.url, "MEMGOV_API_KEY": key},
        )
    assert run.returncode == 0, run.stderr[-3000:]
    by_node = json.loads(run.stdout)
    for filters, python_ids, node_ids in zip(FILTERS, by_python, by_node, strict=True):
        assert len(python_ids) == K and set(python_ids) <= matching, filters
        assert node_ids == python_ids, filters
