"""``MemoryStore.recall_by_key``: the HTTP recall's key check inside the recall's own
transaction. The key decides the tenant; nothing is embedded, recorded or stamped for a
key that is unknown, revoked or refused by ``admit``; the answer equals ``recall``'s."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import pytest

from curation import (
    ApiKeyRecord,
    FixedClock,
    HashingEmbedder,
    MemoryStore,
    ValidationError,
    Vectors,
)


class CountingEmbedder(HashingEmbedder):
    """The hashing embedder, counting the texts it embeds."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.texts.extend(texts)
        return super().embed(texts)


class Refused(Exception):
    pass


def admit_all(key: ApiKeyRecord) -> str:
    return f"key:{key.name}"


def refuse_all(key: ApiKeyRecord) -> str:
    raise Refused(key.id)


@pytest.fixture
def counted(store: MemoryStore) -> tuple[MemoryStore, CountingEmbedder]:
    embedder = CountingEmbedder()
    return MemoryStore(store.context.db, embedder=embedder, clock=store.context.clock), embedder


def recall_events(store: MemoryStore, tenant: str) -> list[str]:
    return [e.actor for e in store.ledger.events(tenant, types=["recall"])]


def test_the_key_decides_the_tenant_and_the_answer_is_recalls(store: MemoryStore) -> None:
    for tenant in ("acme", "globex"):
        store.tenants.create(tenant)
        store.remember(tenant, f"{tenant} deploys roll back on a failed health check")
    key = store.keys.create("globex", "agent", name="bot")
    unvoted = store.recall("globex", "deploys roll back", 3, record=False)
    found = store.recall_by_key(key.key, "deploys roll back", 3, admit=admit_all)
    assert found is not None and found.tenant == "globex"
    assert [h.content for h in found.hits] == ["globex deploys roll back on a failed health check"]
    assert recall_events(store, "globex") == ["key:bot"] and recall_events(store, "acme") == []
    assert [(h.id, h.score) for h in unvoted.hits] == [(h.id, h.score) for h in found.hits]
    raw = store.recall_by_key(key.key, "deploys roll back", 3, mode="raw", admit=admit_all)
    assert raw is not None and raw.mode == "raw" and len(recall_events(store, "globex")) == 1


def test_no_live_key_costs_no_embedding_and_leaves_no_trace(
    counted: tuple[MemoryStore, CountingEmbedder], clock: FixedClock
) -> None:
    store, embedder = counted
    store.tenants.create("acme")
    store.remember("acme", "refunds take five days")
    key = store.keys.create("acme", "agent")
    embedder.texts.clear()
    for secret in ("mgk_unknown", "not-a-key", "", key.key + "x"):
        assert store.recall_by_key(secret, "refunds", admit=admit_all) is None
    with pytest.raises(Refused):
        store.recall_by_key(key.key, "refunds", admit=refuse_all)
    assert embedder.texts == [] and recall_events(store, "acme") == []
    # the refused lookup's last-used stamp rolled back with its transaction
    assert store.keys.all("acme")[0].last_used_at is None
    clock.advance(timedelta(minutes=5))
    assert store.recall_by_key(key.key, "refunds", admit=admit_all) is not None
    assert store.keys.all("acme")[0].last_used_at == clock.now()
    store.keys.revoke("acme", key.id)
    assert store.recall_by_key(key.key, "refunds", admit=admit_all) is None


def test_arguments_are_checked_only_for_a_live_key(store: MemoryStore) -> None:
    store.tenants.create("acme")
    key = store.keys.create("acme", "agent")
    assert store.recall_by_key("mgk_unknown", "refunds", 0, admit=admit_all) is None
    with pytest.raises(ValidationError, match="k"):
        store.recall_by_key(key.key, "refunds", 0, admit=admit_all)
    with pytest.raises(ValidationError, match="mode"):
        store.recall_by_key(key.key, "refunds", mode="loud", admit=admit_all)
    with pytest.raises(ValidationError, match="query"):
        store.recall_by_key(key.key, "", admit=admit_all)
