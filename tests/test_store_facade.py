"""The store's shape: ``MemoryStore`` is a thin facade whose public methods are each the
bound method of one service built on the store's one context, so signatures, docstrings
and results are the services' own, and swapping the clock or embedder reaches them all."""

from __future__ import annotations

import inspect
from datetime import timedelta

from conftest import T0

from curation import FixedClock, HashingEmbedder, MemoryStore
from curation._store.services.delegate import delegate


def _delegates() -> dict[str, delegate]:  # type: ignore[type-arg]
    return {n: v for n, v in vars(MemoryStore).items() if isinstance(v, delegate)}


def test_every_public_method_is_a_delegate_to_a_service() -> None:
    own = {
        name
        for name, value in vars(MemoryStore).items()
        if not name.startswith("_")
        and isinstance(value, classmethod | staticmethod | type(lambda: None))
    }
    assert own == {"open"}
    assert len([n for n in _delegates() if not n.startswith("_")]) >= 52


def test_a_delegated_method_is_the_services_bound_method(store: MemoryStore) -> None:
    for name, entry in _delegates().items():
        bound = getattr(store, name)
        service = getattr(store, entry.service)
        assert bound.__self__ is service, name
        assert inspect.signature(bound) == inspect.signature(getattr(service, entry.name)), name
        assert getattr(service, "ctx", service) is store.context, name


def test_swapping_clock_and_embedder_reaches_every_service(store: MemoryStore) -> None:
    later = FixedClock(T0 + timedelta(days=3))
    store.clock = later
    embedder = HashingEmbedder()
    store.embedder = embedder
    written = store.remember("acme", "The deploy window is Tuesday.")
    assert store.get("acme", written.id).created_at == later.now()
    assert store.recall_service.ctx.embedder is embedder
    assert store.recall("acme", "deploy window").at == later.now()
