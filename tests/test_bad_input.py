"""Every bad value is refused with a named exception that names the field and shows the
value, and a refused call writes nothing."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest
from sqlalchemy import text
from store_helpers import fresh_database

from curation import (
    Database,
    EmbeddingMismatchError,
    FixedClock,
    HashingEmbedder,
    MemgovError,
    MemoryStore,
    NotFoundError,
    ValidationError,
)

TENANT = "acme"
TABLES = ("tenant", "memory", "memory_state", "event", "conflict")
UNKNOWN_ID = "5f1c7f1e-0000-4000-8000-00000000abcd"
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def table_counts(store: MemoryStore) -> dict[str, int]:
    """Across tenants (a bad call must not have written anywhere): as the schema owner."""
    with store.db.admin_transaction() as conn:
        return {
            t: int(conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()) for t in TABLES
        }


@pytest.fixture(scope="module")
def seeded(pg_server: str) -> Iterator[tuple[MemoryStore, str]]:
    """One store with one tenant and one memory for the whole module, so only the bad value
    can be the problem; refused calls write nothing, so they can share it."""
    with fresh_database(pg_server) as url:
        database = Database(url)
        store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(T0))
        memory_id = store.remember(TENANT, "The release branch is cut on Tuesdays.").id
        yield store, memory_id
        database.dispose()


def vector(n: int = 384, *, poison: float | None = None) -> list[float]:
    values = list(np.linspace(0.1, 1.0, n))
    if poison is not None:
        values[3] = poison
    return values


Call = Callable[[MemoryStore, str], object]

# (call, exception, field, a fragment of the value the message must show)
CASES: list[Any] = [
    pytest.param(
        lambda s, m: s.remember(TENANT, ""), ValidationError, "content", "''", id="content-empty"
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, " \n\t "),
        ValidationError,
        "content",
        repr(" \n\t "),
        id="content-whitespace",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "x" * 16_001),
        ValidationError,
        "content",
        "xxxxxxxxxx",
        id="content-too-long",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "nul\x00byte"),
        ValidationError,
        "content",
        "nul\\x00byte",
        id="content-nul",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, 42),
        ValidationError,
        "content",
        "42",
        id="content-not-string",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", kind="opinion"),
        ValidationError,
        "kind",
        "'opinion'",
        id="kind-unknown",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", importance=-0.1),
        ValidationError,
        "importance",
        "-0.1",
        id="importance-negative",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", importance=1.5),
        ValidationError,
        "importance",
        "1.5",
        id="importance-above-one",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", importance=math.nan),
        ValidationError,
        "importance",
        "nan",
        id="importance-nan",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", importance=math.inf),
        ValidationError,
        "importance",
        "inf",
        id="importance-inf",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", importance="high"),
        ValidationError,
        "importance",
        "'high'",
        id="importance-string",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", importance=True),
        ValidationError,
        "importance",
        "True",
        id="importance-bool",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", generality=-1),
        ValidationError,
        "generality",
        "-1",
        id="generality-negative",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", generality=1.5),
        ValidationError,
        "generality",
        "1.5",
        id="generality-fraction",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", proven=-3),
        ValidationError,
        "proven",
        "-3",
        id="proven-negative",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", pinned="yes"),
        ValidationError,
        "pinned",
        "'yes'",
        id="pinned-string",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", embedding=vector(poison=math.nan)),
        ValidationError,
        "embedding",
        "NaN",
        id="embedding-nan",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", embedding=vector(poison=math.inf)),
        ValidationError,
        "embedding",
        "infinite",
        id="embedding-inf",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", embedding=[0.0] * 384),
        ValidationError,
        "embedding",
        "zero vector",
        id="embedding-zero",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", embedding=vector(128)),
        EmbeddingMismatchError,
        "embedding",
        "128",
        id="embedding-dimension",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", embedding=[[0.5] * 384]),
        ValidationError,
        "embedding",
        "[[0.5",
        id="embedding-nested",
    ),
    pytest.param(
        lambda s, m: s.remember(
            TENANT, "ok", embedding=vector(), embedding_model="text-embedding-3-large"
        ),
        EmbeddingMismatchError,
        "embedding_model",
        "'text-embedding-3-large'",
        id="embedding-foreign-model",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", id="not-a-uuid"),
        ValidationError,
        "id",
        "'not-a-uuid'",
        id="id-malformed",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", created_at="yesterday"),
        ValidationError,
        "created_at",
        "'yesterday'",
        id="created-at-malformed",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", metadata=["a", "b"]),
        ValidationError,
        "metadata",
        "['a', 'b']",
        id="metadata-list",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", metadata="{}"),
        ValidationError,
        "metadata",
        "'{}'",
        id="metadata-string",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", metadata={"when": {1, 2}}),
        ValidationError,
        "metadata",
        "{'when': {1, 2}}",
        id="metadata-set",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", metadata={"x": math.nan}),
        ValidationError,
        "metadata",
        "{'x': nan}",
        id="metadata-nan",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", metadata={"x": "a\x00b"}),
        ValidationError,
        "metadata",
        "a\\x00b",
        id="metadata-nul",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", topic="two\nlines"),
        ValidationError,
        "topic",
        "two\\nlines",
        id="topic-newline",
    ),
    pytest.param(
        lambda s, m: s.remember(TENANT, "ok", supersession_key="k" * 513),
        ValidationError,
        "supersession_key",
        "kkkkkkkk",
        id="supersession-key-long",
    ),
    pytest.param(
        lambda s, m: s.remember("", "ok"), ValidationError, "tenant", "''", id="tenant-empty"
    ),
    pytest.param(
        lambda s, m: s.remember("t" * 200, "ok"),
        ValidationError,
        "tenant",
        "tttttttttt",
        id="tenant-200-chars",
    ),
    pytest.param(
        lambda s, m: s.remember("acme\nevil", "ok"),
        ValidationError,
        "tenant",
        "acme\\nevil",
        id="tenant-newline",
    ),
    pytest.param(
        lambda s, m: s.remember(None, "ok"), ValidationError, "tenant", "None", id="tenant-none"
    ),
    pytest.param(
        lambda s, m: s.remember_many(
            TENANT, [{"content": "fine"}, {"content": "bad", "kind": "x"}]
        ),
        ValidationError,
        "kind",
        "'x'",
        id="batch-one-bad-row",
    ),
    pytest.param(
        lambda s, m: s.remember_many(TENANT, [{"content": "x", "colour": "red"}]),
        ValidationError,
        "colour",
        "'red'",
        id="batch-unknown-field",
    ),
    pytest.param(
        lambda s, m: s.remember_many(TENANT, [{"kind": "fact"}]),
        ValidationError,
        "content",
        "None",
        id="batch-missing-content",
    ),
    pytest.param(
        lambda s, m: s.recall(TENANT, "release", k=0), ValidationError, "k", "0", id="k-zero"
    ),
    pytest.param(
        lambda s, m: s.recall(TENANT, "release", k=-5), ValidationError, "k", "-5", id="k-negative"
    ),
    pytest.param(
        lambda s, m: s.recall(TENANT, "release", k=2.0), ValidationError, "k", "2.0", id="k-float"
    ),
    pytest.param(
        lambda s, m: s.recall(TENANT, "release", mode="weird"),
        ValidationError,
        "mode",
        "'weird'",
        id="mode-unknown",
    ),
    pytest.param(
        lambda s, m: s.recall(TENANT, ""), ValidationError, "query", "''", id="query-empty"
    ),
    pytest.param(
        lambda s, m: s.recall(TENANT, "   "),
        ValidationError,
        "query",
        "'   '",
        id="query-whitespace",
    ),
    pytest.param(
        lambda s, m: s.recall(TENANT, "q" * 4_001),
        ValidationError,
        "query",
        "qqqqqqqq",
        id="query-too-long",
    ),
    pytest.param(
        lambda s, m: s.recall("", "release"),
        ValidationError,
        "tenant",
        "''",
        id="recall-tenant-empty",
    ),
    pytest.param(
        lambda s, m: s.get(TENANT, "12345"),
        ValidationError,
        "memory_id",
        "'12345'",
        id="get-id-malformed",
    ),
    pytest.param(
        lambda s, m: s.pin(TENANT, "zz-top"),
        ValidationError,
        "memory_id",
        "'zz-top'",
        id="pin-id-malformed",
    ),
    pytest.param(
        lambda s, m: s.feedback(TENANT, m, useful="yes"),
        ValidationError,
        "useful",
        "'yes'",
        id="feedback-useful-string",
    ),
    pytest.param(
        lambda s, m: s.contest(TENANT, m, "", "evidence"),
        ValidationError,
        "claim",
        "''",
        id="contest-claim-empty",
    ),
    pytest.param(
        lambda s, m: s.contest(TENANT, m, "claim", "e" * 16_001),
        ValidationError,
        "evidence",
        "eeeeeeee",
        id="contest-evidence-too-long",
    ),
    pytest.param(
        lambda s, m: s.contest(TENANT, m, "claim", "evidence", related_memory_id="nope"),
        ValidationError,
        "related_memory_id",
        "'nope'",
        id="contest-related-malformed",
    ),
    pytest.param(
        lambda s, m: s.tenants.set_policy(TENANT, {"reinforce_on": "never"}),
        ValidationError,
        "policy.reinforce_on",
        "'never'",
        id="policy-bad-value",
    ),
    pytest.param(
        lambda s, m: s.tenants.set_policy(TENANT, {"no_such_knob": 1}),
        ValidationError,
        "policy.no_such_knob",
        "Extra inputs",
        id="policy-unknown-key",
    ),
]


@pytest.mark.parametrize(("call", "exc_type", "field", "shown"), CASES)
def test_bad_value_is_refused(
    seeded: tuple[MemoryStore, str],
    call: Call,
    exc_type: type[ValidationError],
    field: str,
    shown: str,
) -> None:
    store, memory_id = seeded
    before = table_counts(store)
    with pytest.raises(exc_type) as caught:
        call(store, memory_id)
    err = caught.value
    assert isinstance(err, MemgovError) and isinstance(err, ValueError)
    assert err.field == field
    message = str(err)
    assert message.startswith(f"{field}="), message
    assert shown in message, message
    assert err.reason and err.reason in message
    assert table_counts(store) == before


def test_supplied_id_already_taken(store: MemoryStore) -> None:
    memory_id = store.remember(TENANT, "The release branch is cut on Tuesdays.").id
    before = table_counts(store)
    with pytest.raises(ValidationError) as caught:
        store.remember(TENANT, "different content, same id", id=memory_id)
    assert caught.value.field == "id"
    assert memory_id in str(caught.value)
    assert "already exists" in str(caught.value)
    assert table_counts(store) == before
    # the same id is free in another tenant
    assert store.remember("other", "different content, same id", id=memory_id).created


def test_long_values_are_shown_truncated(store: MemoryStore) -> None:
    with pytest.raises(ValidationError) as caught:
        store.remember(TENANT, "y" * 20_000)
    assert len(str(caught.value)) < 200
    assert "20000 characters" in str(caught.value)
    assert caught.value.value == "y" * 20_000  # the full value stays on the exception


def test_embedding_mismatch_is_a_validation_error(store: MemoryStore) -> None:
    with pytest.raises(ValidationError) as caught:
        store.remember(TENANT, "ok", embedding=vector(5))
    assert type(caught.value) is EmbeddingMismatchError
    assert "dimension must be 384" in str(caught.value)
    assert table_counts(store)["memory"] == 0


UNKNOWN_ID_CALLS: list[Any] = [
    pytest.param(lambda s: s.get(TENANT, UNKNOWN_ID), id="get"),
    pytest.param(lambda s: s.feedback(TENANT, UNKNOWN_ID, useful=True), id="feedback"),
    pytest.param(lambda s: s.pin(TENANT, UNKNOWN_ID), id="pin"),
    pytest.param(lambda s: s.unpin(TENANT, UNKNOWN_ID), id="unpin"),
    pytest.param(lambda s: s.restore(TENANT, UNKNOWN_ID), id="restore"),
    pytest.param(lambda s: s.explain(TENANT, UNKNOWN_ID), id="explain"),
    pytest.param(lambda s: s.contest(TENANT, UNKNOWN_ID, "claim", "evidence"), id="contest"),
]


@pytest.mark.parametrize("call", UNKNOWN_ID_CALLS)
def test_unknown_memory_id(
    seeded: tuple[MemoryStore, str], call: Callable[[MemoryStore], object]
) -> None:
    store, _ = seeded
    before = table_counts(store)
    with pytest.raises(NotFoundError) as caught:
        call(store)
    assert caught.value.entity == "memory"
    assert caught.value.ident == UNKNOWN_ID
    assert UNKNOWN_ID in str(caught.value) and TENANT in str(caught.value)
    assert table_counts(store) == before


def test_foreign_embedder_is_refused(store: MemoryStore) -> None:
    """A store whose first write fixed the model refuses an embedder of another model."""
    from curation import HashingEmbedder

    store.remember(TENANT, "written with hashing-v1")
    before = table_counts(store)
    other = MemoryStore(
        store.db, embedder=HashingEmbedder(model_name="hashing-v2"), clock=store.clock
    )
    with pytest.raises(EmbeddingMismatchError) as caught:
        other.remember(TENANT, "written with hashing-v2")
    assert caught.value.field == "embedder.model_name"
    assert "'hashing-v2'" in str(caught.value) and "hashing-v1" in str(caught.value)
    wrong_dim = MemoryStore(store.db, embedder=HashingEmbedder(dimension=64), clock=store.clock)
    with pytest.raises(EmbeddingMismatchError) as caught:
        wrong_dim.remember(TENANT, "64 dimensions")
    assert caught.value.field == "embedder.dimension"
    assert table_counts(store) == before


def test_valid_boundaries_are_accepted(store: MemoryStore) -> None:
    """The limits are inclusive: the refusals above are not over-eager."""
    whole_float: Any = 2.0  # callers deserialising JSON pass 2.0 for 2
    results = [
        store.remember(TENANT, "x" * 16_000),
        store.remember(TENANT, "importance zero", importance=0),
        store.remember(TENANT, "importance one", importance=1),
        store.remember(TENANT, "generality as whole float", generality=whole_float),
        store.remember("t" * 128, "tenant at the limit"),
        store.remember(TENANT, "line one\nline two\ttabbed"),
    ]
    assert all(r.created for r in results)
    assert store.get(TENANT, results[3].id).generality == 2
    assert store.recall(TENANT, "importance", k=1000, mode="raw")
