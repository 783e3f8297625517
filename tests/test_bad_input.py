"""Every bad value is refused with a named exception that names the field and shows the
value, and a refused call writes nothing."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from curation_helpers import T0
from sqlalchemy import text
from store_helpers import hashing_store

from curation import (
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
    with hashing_store(pg_server, FixedClock(T0)) as store:
        memory_id = store.remember(TENANT, "The release branch is cut on Tuesdays.").id
        yield store, memory_id


def vector(n: int = 384, *, poison: float | None = None) -> list[float]:
    values = list(np.linspace(0.1, 1.0, n))
    if poison is not None:
        values[3] = poison
    return values


Call = Callable[[MemoryStore, str], object]


def remember(content: Any = "ok", tenant: Any = TENANT, **fields: Any) -> Call:
    """A `remember` call with one bad part; the rest is valid."""
    return lambda s, m: s.remember(tenant, content, **fields)


def recall(query: Any = "release", tenant: Any = TENANT, **options: Any) -> Call:
    return lambda s, m: s.recall(tenant, query, **options)


def case(
    name: str, call: Call, field: str, shown: str, exc: type[MemgovError] = ValidationError
) -> Any:
    """One refused call: the exception, the field it names, a fragment of the value it shows."""
    return pytest.param(call, exc, field, shown, id=name)


CASES: list[Any] = [
    case("content-empty", remember(""), "content", "''"),
    case("content-whitespace", remember(" \n\t "), "content", repr(" \n\t ")),
    case("content-too-long", remember("x" * 16_001), "content", "xxxxxxxxxx"),
    case("content-nul", remember("nul\x00byte"), "content", "nul\\x00byte"),
    case("content-not-string", remember(42), "content", "42"),
    case("kind-unknown", remember(kind="opinion"), "kind", "'opinion'"),
    case("importance-negative", remember(importance=-0.1), "importance", "-0.1"),
    case("importance-above-one", remember(importance=1.5), "importance", "1.5"),
    case("importance-nan", remember(importance=math.nan), "importance", "nan"),
    case("importance-inf", remember(importance=math.inf), "importance", "inf"),
    case("importance-string", remember(importance="high"), "importance", "'high'"),
    case("importance-bool", remember(importance=True), "importance", "True"),
    case("generality-negative", remember(generality=-1), "generality", "-1"),
    case("generality-fraction", remember(generality=1.5), "generality", "1.5"),
    case("proven-negative", remember(proven=-3), "proven", "-3"),
    case("pinned-string", remember(pinned="yes"), "pinned", "'yes'"),
    case("embedding-nan", remember(embedding=vector(poison=math.nan)), "embedding", "NaN"),
    case("embedding-inf", remember(embedding=vector(poison=math.inf)), "embedding", "infinite"),
    case("embedding-zero", remember(embedding=[0.0] * 384), "embedding", "zero vector"),
    case(
        "embedding-dimension",
        remember(embedding=vector(128)),
        "embedding",
        "128",
        EmbeddingMismatchError,
    ),
    case("embedding-nested", remember(embedding=[[0.5] * 384]), "embedding", "[[0.5"),
    case(
        "embedding-foreign-model",
        remember(embedding=vector(), embedding_model="text-embedding-3-large"),
        "embedding_model",
        "'text-embedding-3-large'",
        EmbeddingMismatchError,
    ),
    case("id-malformed", remember(id="not-a-uuid"), "id", "'not-a-uuid'"),
    case("created-at-malformed", remember(created_at="yesterday"), "created_at", "'yesterday'"),
    case("metadata-list", remember(metadata=["a", "b"]), "metadata", "['a', 'b']"),
    case("metadata-string", remember(metadata="{}"), "metadata", "'{}'"),
    case("metadata-set", remember(metadata={"when": {1, 2}}), "metadata", "{'when': {1, 2}}"),
    case("metadata-nan", remember(metadata={"x": math.nan}), "metadata", "{'x': nan}"),
    case("metadata-nul", remember(metadata={"x": "a\x00b"}), "metadata", "a\\x00b"),
    case("topic-newline", remember(topic="two\nlines"), "topic", "two\\nlines"),
    case(
        "supersession-key-long",
        remember(supersession_key="k" * 513),
        "supersession_key",
        "kkkkkkkk",
    ),
    case("tenant-empty", remember(tenant=""), "tenant", "''"),
    case("tenant-200-chars", remember(tenant="t" * 200), "tenant", "tttttttttt"),
    case("tenant-newline", remember(tenant="acme\nevil"), "tenant", "acme\\nevil"),
    case("tenant-none", remember(tenant=None), "tenant", "None"),
    case(
        "batch-one-bad-row",
        lambda s, m: s.remember_many(
            TENANT, [{"content": "fine"}, {"content": "bad", "kind": "x"}]
        ),
        "kind",
        "'x'",
    ),
    case(
        "batch-unknown-field",
        lambda s, m: s.remember_many(TENANT, [{"content": "x", "colour": "red"}]),
        "colour",
        "'red'",
    ),
    case(
        "batch-missing-content",
        lambda s, m: s.remember_many(TENANT, [{"kind": "fact"}]),
        "content",
        "None",
    ),
    case("k-zero", recall(k=0), "k", "0"),
    case("k-negative", recall(k=-5), "k", "-5"),
    case("k-float", recall(k=2.0), "k", "2.0"),
    case("mode-unknown", recall(mode="weird"), "mode", "'weird'"),
    case("query-empty", recall(""), "query", "''"),
    case("query-whitespace", recall("   "), "query", "'   '"),
    case("query-too-long", recall("q" * 4_001), "query", "qqqqqqqq"),
    case("recall-tenant-empty", recall(tenant=""), "tenant", "''"),
    case("get-id-malformed", lambda s, m: s.get(TENANT, "12345"), "memory_id", "'12345'"),
    case("pin-id-malformed", lambda s, m: s.pin(TENANT, "zz-top"), "memory_id", "'zz-top'"),
    case(
        "feedback-useful-string",
        lambda s, m: s.feedback(TENANT, m, useful="yes"),
        "useful",
        "'yes'",
    ),
    case("contest-claim-empty", lambda s, m: s.contest(TENANT, m, "", "evidence"), "claim", "''"),
    case(
        "contest-evidence-too-long",
        lambda s, m: s.contest(TENANT, m, "claim", "e" * 16_001),
        "evidence",
        "eeeeeeee",
    ),
    case(
        "contest-related-malformed",
        lambda s, m: s.contest(TENANT, m, "claim", "evidence", related_memory_id="nope"),
        "related_memory_id",
        "'nope'",
    ),
    case(
        "policy-bad-value",
        lambda s, m: s.tenants.set_policy(TENANT, {"reinforce_on": "never"}),
        "policy.reinforce_on",
        "'never'",
    ),
    case(
        "policy-unknown-key",
        lambda s, m: s.tenants.set_policy(TENANT, {"no_such_knob": 1}),
        "policy.no_such_knob",
        "Extra inputs",
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
