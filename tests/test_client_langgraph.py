"""``MemgovStore`` (clients/python) in real LangGraph graphs over a real ``memgov serve``:
a node puts and searches through the runtime's store, namespaces are filtered recalls
(prefix included), get, overwrite and delete archive (never delete) with a curator key,
list_namespaces with prefix, suffix and depth, and listings beyond one recall's page."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import TypedDict

import pytest
from langgraph.config import get_store
from langgraph.graph import START, StateGraph
from langgraph.runtime import Runtime
from langgraph.store.base import BaseStore
from memgov_client import ForbiddenError, MemgovClient, NotFoundError
from memgov_client.langgraph import MemgovStore
from serve_helpers import memgov_serve, serve_env, tenant_keys


class Served(TypedDict):
    url: str
    agent: str
    curator: str


@pytest.fixture
def served(cli_env: dict[str, str]) -> Iterator[Served]:
    env = serve_env(cli_env)
    with memgov_serve(env) as url:
        agent, curator = tenant_keys(env, "acme")
        yield {"url": url, "agent": agent, "curator": curator}


class Turn(TypedDict, total=False):
    user: str
    said: str
    recalled: list[str]


def remember(state: Turn, runtime: Runtime) -> Turn:
    assert runtime.store is not None
    key = f"note-{len(runtime.store.search((state['user'], 'notes'), limit=100))}"
    runtime.store.put((state["user"], "notes"), key, {"text": state["said"]})
    return {}


def recall(state: Turn) -> Turn:
    found = get_store().search((state["user"],), query=state["said"], limit=5)
    return {"recalled": [item.value["text"] for item in found]}


def graph(store: BaseStore):  # type: ignore[no-untyped-def]
    builder = StateGraph(Turn).add_node(remember).add_node(recall)
    builder.add_edge(START, "remember").add_edge("remember", "recall")
    return builder.compile(store=store)


def test_a_graph_remembers_and_recalls_through_memgov(served: Served) -> None:
    store = MemgovStore(served["url"], served["curator"], agent_id="graph-1")
    agent = graph(store)
    first = agent.invoke({"user": "user-42", "said": "The user drinks coffee black"})
    assert first["recalled"] == ["The user drinks coffee black"]
    agent.invoke({"user": "user-7", "said": "The user drinks coffee with oat milk"})
    second = agent.invoke({"user": "user-42", "said": "The user drinks tea at night"})
    # only user-42's items, the query's own words first
    assert second["recalled"][0] == "The user drinks tea at night"
    assert set(second["recalled"]) == {
        "The user drinks coffee black",
        "The user drinks tea at night",
    }
    item = store.get(("user-42", "notes"), "note-0")
    assert item is not None and item.value == {"text": "The user drinks coffee black"}
    assert item.namespace == ("user-42", "notes") and item.key == "note-0"

    # the memories are ordinary curated memories, visible to any client of the tenant
    client = MemgovClient(served["url"], served["agent"])
    hits = client.recall("coffee black", topic="user-42.notes").hits
    assert [hit.content for hit in hits] == [
        "[user-42.notes] note-0: text: The user drinks coffee black",
        "[user-42.notes] note-1: text: The user drinks tea at night",
    ]


def test_async_graph(served: Served) -> None:
    store = MemgovStore(served["url"], served["curator"])

    async def aremember(state: Turn, runtime: Runtime) -> Turn:
        assert runtime.store is not None
        await runtime.store.aput((state["user"], "prefs"), "lang", {"text": state["said"]})
        found = await runtime.store.asearch((state["user"], "prefs"), query="language")
        return {"recalled": [item.value["text"] for item in found]}

    builder = StateGraph(Turn).add_node(aremember).add_edge(START, "aremember")
    compiled = builder.compile(store=store)
    out = asyncio.run(compiled.ainvoke({"user": "u1", "said": "answer in language Portuguese"}))
    assert out["recalled"] == ["answer in language Portuguese"]


def test_get_overwrite_delete_archive_with_a_curator_key(served: Served) -> None:
    store = MemgovStore(served["url"], served["curator"])
    client = MemgovClient(served["url"], served["curator"])
    ns = ("user-42", "prefs")
    store.put(ns, "coffee", {"text": "black", "strength": 3})
    first = client.recall("coffee", topic="user-42.prefs").hits[0].id
    store.put(ns, "coffee", {"text": "with oat milk", "strength": 2})
    item = store.get(ns, "coffee")
    assert item is not None and item.value == {"text": "with oat milk", "strength": 2}
    replaced = client.explain(first).memory
    assert (replaced.status, replaced.archive_reason) == ("archived", "retired")
    # back to the first value: its memory is current again, the second archived
    store.put(ns, "coffee", {"text": "black", "strength": 3})
    assert store.get(ns, "coffee").value == {"text": "black", "strength": 3}  # type: ignore[union-attr]
    assert [i.value["text"] for i in store.search(ns, query="coffee")] == ["black"]

    store.delete(ns, "coffee")
    assert store.get(ns, "coffee") is None and store.search(ns, query="coffee") == []
    kept = client.explain(first)  # archived, not deleted: its history says why
    assert kept.memory.status == "archived" and kept.memory.archive_reason == "retired"
    assert any("LangGraph store: deleted" in c.claim for c in kept.conflicts)
    assert client.restore(first).status == "active"
    assert store.get(ns, "coffee").value["text"] == "black"  # type: ignore[union-attr]


def test_an_agent_key_keeps_versions_and_reads_the_last_written(served: Served) -> None:
    store = MemgovStore(served["url"], served["agent"])
    ns = ("user-9", "prefs")
    for text in ("tea", "coffee", "tea"):  # the third put re-states the first memory
        store.put(ns, "drink", {"text": text})
    assert store.get(ns, "drink").value == {"text": "tea"}  # type: ignore[union-attr]
    assert [i.value for i in store.search(ns, query="drink")] == [{"text": "tea"}]
    with pytest.raises(ForbiddenError) as refused:
        store.delete(ns, "drink")
    assert "curator key" in refused.value.message
    assert store.get(ns, "drink") is not None


def test_prefix_search_filters_and_namespaces(served: Served) -> None:
    store = MemgovStore(served["url"], served["curator"], scan_page=2)
    items = {
        ("user-42", "prefs"): {"food": {"text": "likes ramen", "lang": "en", "n": 1}},
        ("user-42", "prefs", "work"): {"editor": {"text": "uses vim", "lang": "en", "n": 2}},
        ("user-42", "notes"): {"trip": {"text": "flies to Lisbon", "lang": "pt", "n": 3}},
        ("user-7", "prefs"): {"food": {"text": "likes curry", "lang": "en", "n": 4}},
        ("team", "user-42"): {"owner": {"text": "user-42 owns billing", "lang": "en", "n": 5}},
    }
    for ns, entries in items.items():
        for key, value in entries.items():
            store.put(ns, key, value)

    def keys(prefix: tuple[str, ...], **options: object) -> set[tuple[tuple[str, ...], str]]:
        found = store.search(prefix, limit=50, **options)  # type: ignore[arg-type]
        return {(item.namespace, item.key) for item in found}

    assert keys(("user-42",)) == {
        (("user-42", "prefs"), "food"),
        (("user-42", "prefs", "work"), "editor"),
        (("user-42", "notes"), "trip"),
    }  # a listing of five items in pages of two: every one found
    assert keys(("user-42", "prefs"), query="likes") == {
        (("user-42", "prefs"), "food"),
        (("user-42", "prefs", "work"), "editor"),
    }
    assert keys(("user-42",), filter={"lang": "pt"}) == {(("user-42", "notes"), "trip")}
    assert keys((), filter={"n": {"$gte": 4}}) == {
        (("user-7", "prefs"), "food"),
        (("team", "user-42"), "owner"),
    }
    assert len(store.search((), limit=2, offset=1)) == 2

    assert store.list_namespaces() == sorted(items)
    assert store.list_namespaces(prefix=("user-42",)) == [
        ("user-42", "notes"),
        ("user-42", "prefs"),
        ("user-42", "prefs", "work"),
    ]
    assert store.list_namespaces(suffix=("prefs",)) == [("user-42", "prefs"), ("user-7", "prefs")]
    assert store.list_namespaces(prefix=("*", "prefs"), max_depth=2) == [
        ("user-42", "prefs"),
        ("user-7", "prefs"),
    ]
    assert store.list_namespaces(max_depth=1) == [("team",), ("user-42",), ("user-7",)]
    assert store.list_namespaces(limit=2, offset=1) == sorted(items)[1:3]


def test_delete_as_the_explicit_forget(served: Served) -> None:
    store = MemgovStore(served["url"], served["curator"], delete="forget")
    client = MemgovClient(served["url"], served["curator"])
    ns = ("user-42", "secrets")

    def current(key: str) -> str:
        hits = client.recall(key, topic="user-42.secrets", metadata={"lg_key": key}).hits
        return hits[0].id

    store.put(ns, "pin", {"text": "4321"})
    first = current("pin")
    store.put(ns, "pin", {"text": "9876"})  # the first version is archived
    second = current("pin")
    store.put(ns, "hint", {"text": "birthday"})
    assert client.explain(first).memory.status == "archived"
    store.delete(ns, "pin")
    assert store.get(ns, "pin") is None and [i.key for i in store.search(ns)] == ["hint"]
    for memory in (first, second):  # every version of the key, the archived one too
        with pytest.raises(NotFoundError):
            client.explain(memory)
    assert client.explain(current("hint")).memory.status == "active"
