"""API keys in the store: scoped to their tenant like every other row, refused when
malformed, revoked once."""

from __future__ import annotations

import pytest

from curation import (
    InvalidStateError,
    MemoryStore,
    NotFoundError,
    UnknownTenantError,
    ValidationError,
)


def test_a_key_creates_no_tenant(store: MemoryStore) -> None:
    with pytest.raises(UnknownTenantError, match="tenants create"):
        store.keys.create("acme", "agent")
    assert store.tenants.all() == []
    store.tenants.create("acme")
    assert store.keys.create("acme", "agent").tenant == "acme"


def test_keys_belong_to_their_tenant(store: MemoryStore) -> None:
    store.tenants.create("acme")
    store.tenants.create("globex")
    mine = store.keys.create("acme", "agent", name="bot")
    theirs = store.keys.create("globex", "curator")
    assert [k.id for k in store.keys.all("acme")] == [mine.id]
    assert [k.name for k in store.keys.all("globex")] == ["curator key"]
    with pytest.raises(NotFoundError):
        store.keys.revoke("acme", theirs.id)  # another tenant's key id is unknown here
    assert store.keys.authenticate(theirs.key).tenant == "globex"  # type: ignore[union-attr]
    assert store.keys.authenticate(mine.key).scope == "agent"  # type: ignore[union-attr]


def test_bad_keys_and_bad_input(store: MemoryStore) -> None:
    store.tenants.create("acme")
    with pytest.raises(ValidationError, match="scope"):
        store.keys.create("acme", "root")
    with pytest.raises(ValidationError, match="name"):
        store.keys.create("acme", "agent", name="two\nlines")
    created = store.keys.create("acme", "agent")
    for forged in ["", "mgk_", created.key + "x", created.key.upper(), "x" * 10_000]:
        assert store.keys.authenticate(forged) is None
    store.keys.revoke("acme", created.id)
    assert store.keys.authenticate(created.key) is None
    with pytest.raises(InvalidStateError, match="already revoked"):
        store.keys.revoke("acme", created.id)
    with pytest.raises(ValidationError, match="key_id"):
        store.keys.revoke("acme", "not-a-uuid")
