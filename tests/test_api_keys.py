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
        store.create_key("acme", "agent")
    assert store.tenants() == []
    store.create_tenant("acme")
    assert store.create_key("acme", "agent").tenant == "acme"


def test_keys_belong_to_their_tenant(store: MemoryStore) -> None:
    store.create_tenant("acme")
    store.create_tenant("globex")
    mine = store.create_key("acme", "agent", name="bot")
    theirs = store.create_key("globex", "curator")
    assert [k.id for k in store.keys("acme")] == [mine.id]
    assert [k.name for k in store.keys("globex")] == ["curator key"]
    with pytest.raises(NotFoundError):
        store.revoke_key("acme", theirs.id)  # another tenant's key id is unknown here
    assert store.authenticate(theirs.key).tenant == "globex"  # type: ignore[union-attr]
    assert store.authenticate(mine.key).scope == "agent"  # type: ignore[union-attr]


def test_bad_keys_and_bad_input(store: MemoryStore) -> None:
    store.create_tenant("acme")
    with pytest.raises(ValidationError, match="scope"):
        store.create_key("acme", "root")
    with pytest.raises(ValidationError, match="name"):
        store.create_key("acme", "agent", name="two\nlines")
    created = store.create_key("acme", "agent")
    for forged in ["", "mgk_", created.key + "x", created.key.upper(), "x" * 10_000]:
        assert store.authenticate(forged) is None
    store.revoke_key("acme", created.id)
    assert store.authenticate(created.key) is None
    with pytest.raises(InvalidStateError, match="already revoked"):
        store.revoke_key("acme", created.id)
    with pytest.raises(ValidationError, match="key_id"):
        store.revoke_key("acme", "not-a-uuid")
