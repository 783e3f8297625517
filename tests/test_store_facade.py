"""The store's shape: ``MemoryStore`` binds the agent's verbs to its services' own
methods and exposes every other area as a typed service, all built on the store's one
context, so signatures, docstrings and results are the services' own, and swapping the
clock or embedder reaches them all; every status change is spelled in ``lifecycle``."""

from __future__ import annotations

import inspect
from datetime import timedelta
from pathlib import Path

from conftest import T0

from curation import FixedClock, HashingEmbedder, MemoryStore

AREAS = {
    "tenants",
    "memory",
    "ledger",
    "recalls",
    "runs",
    "curator",
    "quarantine",
    "experiments",
    "transfer",
    "keys",
    "history",
    "forgetting",
}
VERBS = {
    "remember",
    "remember_many",
    "get",
    "get_many",
    "memories",
    "counts",
    "feedback",
    "pin",
    "unpin",
    "restore",
    "recall",
    "recall_by_key",
    "outcome",
    "contest",
    "explain",
    "forget",
}


def test_the_class_defines_only_open_and_the_contexts_properties() -> None:
    own = {
        name
        for name, value in vars(MemoryStore).items()
        if not name.startswith("_")
        and isinstance(value, classmethod | staticmethod | type(lambda: None))
    }
    assert own == {"open"}


def test_every_area_is_a_service_on_the_one_context(store: MemoryStore) -> None:
    public = {n for n in vars(store) if not n.startswith("_")} - {"context"}
    assert public == AREAS | VERBS
    for name in AREAS:
        assert getattr(store, name).ctx is store.context, name


def test_an_agent_verb_is_its_services_bound_method(store: MemoryStore) -> None:
    services = {id(getattr(store, a)) for a in AREAS}
    for name in VERBS:
        bound = getattr(store, name)
        assert id(bound.__self__) in services, name
        assert bound == getattr(bound.__self__, name), name
        assert inspect.signature(bound) == inspect.signature(getattr(bound.__self__, name))


def test_swapping_clock_and_embedder_reaches_every_service(store: MemoryStore) -> None:
    later = FixedClock(T0 + timedelta(days=3))
    store.clock = later
    embedder = HashingEmbedder()
    store.embedder = embedder
    written = store.remember("acme", "The deploy window is Tuesday.")
    assert store.get("acme", written.id).created_at == later.now()
    assert store.recalls.ctx.embedder is embedder
    assert store.recall("acme", "deploy window").at == later.now()


def test_status_changes_are_spelled_only_in_lifecycle() -> None:
    root = Path(__file__).resolve().parents[1]
    elsewhere = [
        f"{path.relative_to(root)}:{number}"
        for package in ("curation", "api", "orchestration", "evaluation", "dashboard")
        for path in sorted((root / package).rglob("*.py"))
        if not {"lifecycle", "migrations"} & set(path.relative_to(root).parts)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "SET status" in line
    ]
    assert elsewhere == []
    spelled = (root / "curation" / "_store" / "lifecycle").rglob("*.py")
    assert sum(path.read_text(encoding="utf-8").count("SET status") for path in spelled) >= 8
