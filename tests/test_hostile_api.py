"""The Python API under hostile arguments: hypothesis feeds remember, remember_many,
recall, memories(contains=...), contest, feedback, pin, restore, explain, set_policy and
import_jsonl injection payloads, invalid Unicode, NUL, junk types and extreme numbers.

Each call either succeeds with the value stored or returned verbatim, or raises a
MemgovError (a ValidationError names one of the arguments it was given) and leaves every
table's row count as it was. Nothing else may escape — no psycopg, SQLAlchemy, KeyError,
TypeError or UnicodeError — and no payload is ever executed: the tables still exist and
the sentinel tenant is untouched after every example.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from curation_helpers import T0
from hostile_inputs import (
    CREATED_AT,
    DIM,
    EMBEDDING,
    FRESH_UUID,
    HOSTILE,
    INJECTIONS,
    JUNK,
    METADATA,
    RAW_TEXT,
    all_tables_exist,
    fingerprint,
    hostile_text,
    label_text,
    tenant_counts,
)
from hypothesis import event, given
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, pool
from store_helpers import archive, hashing_store

from curation import (
    FixedClock,
    MemgovError,
    MemoryStore,
    NotFoundError,
    ValidationError,
)

TENANT = "acme"
SENTINEL = "sentinel"
_serial = itertools.count()


@dataclass
class World:
    store: MemoryStore
    admin: Engine  # superuser: counts rows across tenants, past row-level security
    active_id: str
    archived_id: str


@pytest.fixture(scope="module")
def world(pg_server: str) -> Iterator[World]:
    with hashing_store(pg_server, FixedClock(T0)) as store:
        active = store.remember(TENANT, "The release branch is cut on Tuesdays.").id
        archived = store.remember(TENANT, "The old release branch was cut on Mondays.").id
        archive(store, TENANT, [archived])
        store.remember(SENTINEL, "The sentinel's only memory.", topic="sentinel")
        admin = create_engine(store.db.url, poolclass=pool.NullPool)
        yield World(store, admin, active, archived)
        admin.dispose()


def attempt(world: World, call: Callable[[], Any], fields: set[str]) -> Any:
    """Run ``call``: its result, or the MemgovError it raised after checking that the
    refusal named one of ``fields`` and changed nothing. Any other exception fails."""
    before = fingerprint(world.admin, SENTINEL)
    try:
        result = call()
    except MemgovError as exc:
        assert fingerprint(world.admin, SENTINEL) == before, exc
        if isinstance(exc, ValidationError):
            assert exc.field in fields, (exc.field, fields, exc)
        str(exc).encode("utf-8")  # the message is printable
        event(f"refused: {type(exc).__name__} {getattr(exc, 'field', '')}")
        return exc
    event("accepted")
    assert fingerprint(world.admin, SENTINEL)["sentinel"] == before["sentinel"]
    return result


Spec = dict[str, tuple[st.SearchStrategy[Any], st.SearchStrategy[Any]]]


@st.composite
def one_hostile(draw: st.DrawFn, spec: Spec) -> tuple[str | None, dict[str, Any]]:
    """Valid values for every argument but at most one, drawn hostile: so each refusal
    can be pinned on its argument, and a third of the calls carry nothing hostile at all
    (those must succeed, or fail only for a reason of state: unknown id, wrong status)."""
    target = draw(st.sampled_from([None, None, *spec]))
    args = {name: draw(bad if name == target else good) for name, (good, bad) in spec.items()}
    event(f"hostile argument: {target}")
    return target, args


def expect(target: str | None, aliases: dict[str, set[str]] | None = None) -> set[str]:
    """The fields a refusal may name: the hostile argument (none when all are valid)."""
    if target is None:
        return set()
    return {target, *(aliases or {}).get(target, set())}


def deep(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {"leaf": 1}
    for _ in range(levels):
        value = {"a": value}
    return value


HOSTILE_TEXT = st.one_of(RAW_TEXT, JUNK)
BAD_METADATA = st.sampled_from(
    [
        {"\ud800": 1},
        {"k": "v\x00"},
        {"k\x00": 1},
        {"x": float("nan")},
        {1: "int key"},
        {"x": 10**2000},
        {"x": {1, 2}},
        {"x": b"bytes"},
        deep(100),
        {"x": [float("inf")]},
    ]
)
BAD_EMBEDDING = st.one_of(
    JUNK,
    st.sampled_from(
        [
            [float("nan")] * DIM,
            [0.5] * (DIM - 1),
            ["0.5"] * DIM,
            [True] * DIM,
            [10**400] * DIM,
            [0.0] * DIM,
            [[0.5] * DIM],
        ]
    ),
)
GOOD_TENANTS = st.sampled_from([TENANT, TENANT, "'; DROP TABLE memory; --", "%s", "{}"])
KINDS = st.sampled_from(["fact", "preference", "tool_output", "conversation"])
UNIQUE_CONTENT = hostile_text(max_size=60).map(lambda t: f"api-{next(_serial)}: {t}")
TEXT = hostile_text(max_size=60).map(lambda t: f"t: {t}")
NOW = st.one_of(st.none(), CREATED_AT)
BAD_NOW = st.one_of(RAW_TEXT, JUNK, st.just(datetime(9999, 12, 31, 23, tzinfo=UTC)))
ACTOR = (label_text("actor:"), HOSTILE_TEXT)

REMEMBER: Spec = {
    "tenant": (GOOD_TENANTS, HOSTILE_TEXT),
    "content": (UNIQUE_CONTENT, HOSTILE_TEXT),
    "kind": (KINDS, HOSTILE_TEXT),
    "importance": (st.floats(0, 1), st.one_of(st.floats(), JUNK, st.just(10**400))),
    "generality": (st.integers(0, 1000), st.one_of(st.integers(), st.floats(), JUNK)),
    "proven": (st.integers(0, 1000), st.one_of(st.integers(), st.floats(), JUNK)),
    "supersession_key": (st.one_of(st.none(), label_text("key:")), HOSTILE_TEXT),
    "topic": (st.one_of(st.none(), label_text("topic:")), HOSTILE_TEXT),
    "source": (st.one_of(st.none(), label_text("source:")), HOSTILE_TEXT),
    "metadata": (st.one_of(st.none(), METADATA), st.one_of(BAD_METADATA, JUNK)),
    "pinned": (st.booleans(), JUNK),
    "embedding": (st.one_of(st.none(), EMBEDDING), BAD_EMBEDDING),
    "id": (st.one_of(st.none(), FRESH_UUID.map(str), FRESH_UUID), HOSTILE_TEXT),
    "created_at": (
        st.one_of(st.none(), CREATED_AT, CREATED_AT.map(lambda d: d.isoformat())),
        st.one_of(HOSTILE_TEXT, st.just("9999-12-31T23:59:59-05:00")),
    ),
    "actor": ACTOR,
    "now": (NOW, BAD_NOW),
}


def check_stored(store: MemoryStore, tenant: str, result: Any, args: dict[str, Any]) -> None:
    memory = store.get(tenant, result.id)
    assert memory.content == args["content"] and memory.tenant == tenant
    if not args["content"].startswith("api-"):
        # hostile text that validation accepts can repeat across examples: a restatement
        # of the entry already there, which keeps its own attributes
        assert result.created or result.restated
        return
    assert result.created  # unique content: never a re-statement
    for name in ("supersession_key", "topic", "source", "kind"):
        assert getattr(memory, name) == args[name], name
    assert memory.metadata == (args["metadata"] or {})
    assert (memory.importance, memory.generality, memory.proven, memory.pinned) == (
        args["importance"],
        args["generality"],
        args["proven"],
        args["pinned"],
    )
    if args["id"] is not None:
        assert memory.id == str(args["id"])
    if args["created_at"] is not None:
        given_at = args["created_at"]
        assert memory.created_at == (
            datetime.fromisoformat(given_at) if isinstance(given_at, str) else given_at
        )


@HOSTILE
@given(case=one_hostile(REMEMBER))
def test_remember(world: World, case: tuple[str | None, dict[str, Any]]) -> None:
    target, args = case
    call_args = dict(args)
    tenant, content = call_args.pop("tenant"), call_args.pop("content")
    result = attempt(
        world,
        lambda: world.store.remember(tenant, content, **call_args),
        expect(target, {"embedding": {"embedding_model"}}),
    )
    if not isinstance(result, MemgovError):
        check_stored(world.store, tenant, result, args)
    elif target is None:
        raise AssertionError(f"valid arguments refused: {result!r}")


GOOD_ITEM = st.fixed_dictionaries(
    {"content": UNIQUE_CONTENT},
    optional={
        "kind": KINDS,
        "topic": label_text("topic:"),
        "metadata": METADATA,
        "importance": st.floats(0, 1),
        "embedding": EMBEDDING,
    },
)
BAD_ITEM = st.one_of(
    JUNK,
    st.builds(
        lambda item, key, value: {**item, key: value},
        GOOD_ITEM,
        st.sampled_from(
            [
                "kind",
                "topic",
                "metadata",
                "importance",
                "colour",
                "'; DROP TABLE memory; --",
                "content",
            ]
        ),
        HOSTILE_TEXT,
    ),
)
BAD_ITEMS = st.one_of(
    HOSTILE_TEXT,
    st.builds(
        lambda good, bad, at: [*good[:at], bad, *good[at:]],
        st.lists(GOOD_ITEM, max_size=3),
        BAD_ITEM,
        st.integers(0, 3),
    ),
)


@HOSTILE
@given(
    case=one_hostile(
        {
            "tenant": (GOOD_TENANTS, HOSTILE_TEXT),
            "items": (st.lists(GOOD_ITEM, min_size=1, max_size=4), BAD_ITEMS),
            "actor": ACTOR,
        }
    )
)
def test_remember_many_is_all_or_nothing(
    world: World, case: tuple[str | None, dict[str, Any]]
) -> None:
    target, args = case
    items = args["items"]
    keys = (
        {str(k) for i in items if isinstance(i, dict) for k in i}
        if isinstance(items, list)
        else set()
    )
    fields = expect(target, {"items": {"item", "embedding_model", *keys}})
    result = attempt(world, lambda: world.store.remember_many(**args), fields)
    if not isinstance(result, MemgovError):
        assert len(result) == len(items)
        for written, item in zip(result, items, strict=True):
            assert world.store.get(args["tenant"], written.id).content == item["content"]
    elif target is None:
        raise AssertionError(f"valid arguments refused: {result!r}")


@HOSTILE
@given(
    case=one_hostile(
        {
            "tenant": (GOOD_TENANTS, HOSTILE_TEXT),
            "query": (TEXT, HOSTILE_TEXT),
            "k": (st.integers(1, 1000), st.one_of(st.integers(), JUNK)),
            "mode": (st.sampled_from(["curated", "raw"]), HOSTILE_TEXT),
            "actor": ACTOR,
            "record": (st.booleans(), JUNK),
            "now": (NOW, BAD_NOW),
        }
    )
)
def test_recall(world: World, case: tuple[str | None, dict[str, Any]]) -> None:
    target, args = case
    result = attempt(world, lambda: world.store.recall(**args), expect(target))
    if not isinstance(result, MemgovError):
        assert result.query == args["query"] and result.tenant == args["tenant"]
        assert len(result.hits) <= args["k"]
        everything = world.store.memories(args["tenant"], limit=100_000)
        assert {h.id for h in result.hits} <= {m.id for m in everything}
    elif target is None:  # an unknown tenant is the only refusal of valid arguments
        assert isinstance(result, NotFoundError), result


@HOSTILE
@given(
    case=one_hostile(
        {
            "contains": (st.one_of(st.none(), hostile_text()), HOSTILE_TEXT),
            "status": (st.sampled_from([None, "active", "archived"]), HOSTILE_TEXT),
            "reason": (
                st.one_of(st.none(), st.sampled_from(["decayed", "duplicate"]), label_text("r:")),
                HOSTILE_TEXT,
            ),
            "limit": (st.integers(1, 50), st.one_of(st.integers(max_value=0), JUNK)),
            "offset": (st.integers(0, 5), st.one_of(st.integers(max_value=-1), JUNK)),
        }
    )
)
def test_memories_listing(world: World, case: tuple[str | None, dict[str, Any]]) -> None:
    target, args = case
    result = attempt(world, lambda: world.store.memories(TENANT, **args), expect(target))
    if isinstance(result, MemgovError):
        assert target is not None, result
        return
    assert len(result) <= args["limit"]
    contains = args["contains"]
    if isinstance(contains, str) and contains.isascii():
        assert all(contains.lower() in m.content.lower() for m in result)


@pytest.mark.parametrize(
    "payload",
    [p for p in INJECTIONS if p.strip()] + ["%", "_", "a_c", "100%", "\\%", "\\_", "\\\\", "%%%"],
)
def test_contains_matches_its_text_literally(world: World, payload: str) -> None:
    """LIKE wildcards and its escape character in a search are text, not syntax."""
    marker = f"needle-{next(_serial)}-"
    store = world.store
    seeded = store.remember(TENANT, f"{marker} <{payload}> haystack").id
    decoy = store.remember(TENANT, f"{marker} <decoy> haystack").id
    found = {m.id for m in store.memories(TENANT, contains=f"<{payload}>", limit=10_000)}
    assert seeded in found and decoy not in found
    assert {m.id for m in store.memories(TENANT, contains=marker)} == {seeded, decoy}


@HOSTILE
@given(
    case=one_hostile(
        {
            "tenant": (st.just(TENANT), st.one_of(HOSTILE_TEXT, st.just(SENTINEL))),
            "memory_id": (st.just("active"), st.one_of(HOSTILE_TEXT, st.uuids().map(str))),
            "claim": (TEXT, HOSTILE_TEXT),
            "evidence": (TEXT, HOSTILE_TEXT),
            "source": (label_text("src:"), HOSTILE_TEXT),
            "detected_by": (st.just("contest"), HOSTILE_TEXT),
            "actor": ACTOR,
        }
    )
)
def test_contest(world: World, case: tuple[str | None, dict[str, Any]]) -> None:
    target, args = case
    if args["memory_id"] == "active":
        args["memory_id"] = world.active_id
    result = attempt(world, lambda: world.store.contest(**args), expect(target))
    if args["tenant"] == SENTINEL:  # another tenant's memory is as good as absent
        assert isinstance(result, NotFoundError), result
    elif not isinstance(result, MemgovError):
        assert (result.claim, result.evidence) == (args["claim"], args["evidence"])
        assert (result.source, result.memory_id) == (args["source"] or "agent", world.active_id)
    elif target is None:
        raise AssertionError(f"valid arguments refused: {result!r}")


OPERATIONS = ("feedback", "pin", "restore", "explain", "get")


@HOSTILE
@given(
    operation=st.sampled_from(OPERATIONS),
    case=one_hostile(
        {
            "tenant": (st.just(TENANT), st.one_of(HOSTILE_TEXT, st.just(SENTINEL))),
            "memory_id": (
                st.sampled_from(["active", "archived"]),
                st.one_of(HOSTILE_TEXT, st.uuids().map(str)),
            ),
            "flag": (st.booleans(), JUNK),
            "text": (label_text("why:"), HOSTILE_TEXT),
        }
    ),
)
def test_single_memory_acts(
    world: World, operation: str, case: tuple[str | None, dict[str, Any]]
) -> None:
    target, args = case
    store, tenant, flag, text_arg = world.store, args["tenant"], args["flag"], args["text"]
    memory_id = args["memory_id"]
    if memory_id in ("active", "archived"):
        memory_id = world.active_id if memory_id == "active" else world.archived_id
    calls: dict[str, Callable[[], Any]] = {
        "feedback": lambda: store.feedback(tenant, memory_id, flag, actor=text_arg),
        "pin": lambda: store.pin(tenant, memory_id, pinned=flag, actor=text_arg),
        "restore": lambda: store.restore(tenant, memory_id, reason=text_arg),
        "explain": lambda: store.explain(tenant, memory_id),
        "get": lambda: store.get(tenant, memory_id),
    }
    fields = expect(target, {"flag": {"useful", "pinned"}, "text": {"actor", "reason"}})
    result = attempt(world, calls[operation], fields)
    if isinstance(result, MemgovError):
        assert target is not None or type(result).__name__ == "InvalidStateError", result
        return
    assert tenant == TENANT and memory_id in (world.active_id, world.archived_id)
    record = result.memory if operation == "explain" else result
    assert record.id == memory_id and record.tenant == TENANT
    if operation == "pin":
        assert record.pinned is flag
    if operation == "restore":
        assert record.status == "active"


GOOD_POLICY = st.fixed_dictionaries(
    {},
    optional={
        "prune_below": st.floats(0, 1),
        "duplicate_threshold": st.dictionaries(
            hostile_text(min_size=1), st.floats(0.5, 1), max_size=3
        ),
        "reinforce_on": st.sampled_from(["recall", "feedback"]),
        "candidate_multiplier": st.integers(1, 8),
        "recency_hot_days": st.floats(0, 30),
    },
)
BAD_POLICY = st.one_of(
    JUNK,
    st.dictionaries(
        st.one_of(RAW_TEXT, st.sampled_from(["prune_below", "weights", "decay"])),
        st.one_of(JUNK, RAW_TEXT),
        min_size=1,
        max_size=2,
    ),
    st.builds(
        lambda key, value: {"duplicate_threshold": {key: value}},
        st.sampled_from(["\x00", "m\ud800", "a\x00b"]),
        st.floats(0, 1),
    ),
    st.sampled_from(
        [
            {"recency_hot_days": float("nan")},
            {"max_idle_days": float("inf")},
            {"duplicate_threshold": {"*": float("nan")}},
            {"contradiction_threshold": {"m": float("-inf")}},
        ]
    ),
)


@HOSTILE
@given(
    case=one_hostile(
        {
            "tenant": (GOOD_TENANTS, HOSTILE_TEXT),
            "policy": (GOOD_POLICY, BAD_POLICY),
            "actor": (st.just("curator"), HOSTILE_TEXT),
            "now": (NOW, BAD_NOW),
        }
    )
)
def test_set_policy(world: World, case: tuple[str | None, dict[str, Any]]) -> None:
    target, args = case
    result = attempt(world, lambda: world.store.tenants.set_policy(**args), expect(target))
    if isinstance(result, MemgovError):
        assert target is not None, result
        return
    tenant, policy = args["tenant"], args["policy"]
    assert world.store.tenants.policy(tenant) == result
    for key, value in policy.get("duplicate_threshold", {}).items():
        assert result.duplicate_threshold[key] == value  # hostile model names verbatim
    # recall reads the stored policy back on every call: it must still work
    assert world.store.recall(TENANT, "release branch", k=2, record=False).hits


@HOSTILE
@given(path=st.one_of(RAW_TEXT, JUNK), tenant=st.one_of(GOOD_TENANTS, HOSTILE_TEXT))
def test_import_of_a_hostile_path(world: World, path: Any, tenant: Any) -> None:
    result = attempt(
        world, lambda: world.store.transfer.import_jsonl(path, tenant), {"path", "tenant"}
    )
    assert isinstance(result, ValidationError)  # none of these names an existing file


INJECTED_TENANTS = [
    "'; DROP TABLE memory; --",
    "Robert'); DROP TABLE tenant;--",
    "$$; DROP TABLE event; $$",
    "' OR '1'='1",
    "%s",
    "{}",
    "memory_t_0000; TRUNCATE memory",
    "\\",
]
# look-alikes: Cyrillic "paypal" with a Latin l, Latin with a Greek omicron
MIXED_SCRIPT_TENANTS = ["\u0440\u0430\u0443\u0440\u0430l", "ac\u03bfme"]


@pytest.mark.parametrize("tenant", MIXED_SCRIPT_TENANTS)
def test_mixed_script_tenant_names_are_refused(store: MemoryStore, tenant: str) -> None:
    """A name mixing scripts could pass for another tenant's: refused on every call,
    and nothing is written."""
    with pytest.raises(ValidationError) as caught:
        store.remember(tenant, "A fact.")
    assert caught.value.field == "tenant" and "mixes scripts" in caught.value.reason
    with pytest.raises(ValidationError):
        store.recall(tenant, "fact")
    assert store.tenants.all() == []


@pytest.mark.parametrize("tenant", INJECTED_TENANTS)
def test_injection_payloads_as_tenant_names_are_data(store: MemoryStore, tenant: str) -> None:
    """A tenant named like an attack is an ordinary tenant: stored verbatim, isolated
    from the others, and nothing it names is executed. (A fresh database each: the
    hypothesis tests above may have used these very names.)"""
    acme_id = store.remember(TENANT, "The release branch is cut on Tuesdays.").id
    acme_before = tenant_counts(store, TENANT)
    written = store.remember(
        tenant,
        f"Fact of {tenant}",
        metadata={tenant: tenant},
        topic=tenant.strip() or "t",
        supersession_key=tenant.strip() or "k",
    )
    assert tenant in store.tenants.all()
    memory = store.get(tenant, written.id)
    assert (memory.tenant, memory.content, memory.metadata) == (
        tenant,
        f"Fact of {tenant}",
        {tenant: tenant},
    )
    hits = store.recall(tenant, tenant, k=5)
    assert [h.id for h in hits.hits] == [written.id]
    assert [m.id for m in store.memories(tenant, contains=tenant)] == [written.id]
    with pytest.raises(NotFoundError):
        store.get(TENANT, written.id)
    with pytest.raises(NotFoundError):
        store.get(tenant, acme_id)
    store.contest(tenant, written.id, claim=tenant, evidence=tenant, source="x")
    store.tenants.set_policy(tenant, {"duplicate_threshold": {tenant: 0.9}})
    assert store.tenants.policy(tenant).duplicate_threshold[tenant] == 0.9
    assert tenant_counts(store, TENANT) == acme_before
    assert all_tables_exist(store)
    events = store.ledger.events(tenant)
    assert json.dumps([e.to_dict() for e in events], default=str)  # readable back
