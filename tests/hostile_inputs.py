"""Hostile values and hypothesis strategies shared by the tests/test_hostile_*.py files,
and the checks that a refused call left the database as it was.

Every string field is tried with SQL metacharacters and injection payloads, format-string
and template syntax, escapes spelled out as text, Unicode confusables and invisible or
direction-changing characters; the store must either keep such a value verbatim or refuse
it with a ValidationError naming the field — and never run it.
"""

from __future__ import annotations

import itertools
import math
import string
import uuid
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, text

from curation import MemoryStore

# bounded, deterministic, tolerant of a loaded 2-core machine
HOSTILE = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)

DIM = 384
TABLES = ("tenant", "memory", "memory_state", "event", "conflict", "proposal", "curation_run")

INJECTIONS: tuple[str, ...] = (
    "'; DROP TABLE memory; --",
    "Robert'); DROP TABLE tenant;--",
    "' OR '1'='1",
    '" OR ""="',
    "1; DELETE FROM memory_state WHERE true",
    "$$; DROP TABLE event; $$",
    "$1",
    "%s",
    "%(t)s",
    "%%",
    "{}",
    "{0}",
    ":t",
    "?",
    "\\x00",
    "\\u0000",
    "\\",
    "\\'",
    "E'\\\\'",
    "*/ SELECT pg_sleep(10) /*",
    "memory_t_0000; TRUNCATE memory",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "${jndi:ldap://x}",
    "\u0440\u0430\u0443\u0440\u0430l",  # "paypal" in Cyrillic letters that look Latin
    "\uff41\uff43\uff4d\uff45",  # "acme" in fullwidth letters
    "acme\u200b",  # zero-width space
    "\u202eemca",  # right-to-left override
    "ﬁle",  # ligature
    "😀👍🏽",
    "İı",
    "\ufeffbom",
    "a\u2028b",
    "tab\tinside",
    "\x85nel",
    "NULL",
    "null",
    "None",
    "",
    " ",
)

# characters a storable string may hold: any code point but NUL and the surrogates
STORABLE = st.characters(exclude_categories=("Cs",), exclude_characters="\x00")
# a single-line label's characters: no control, separator-line or format characters
LABEL_CHARS = st.characters(exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp", "Co", "Cn"))

_PAYLOAD = st.sampled_from(INJECTIONS)


def hostile_text(*, min_size: int = 0, max_size: int = 40) -> st.SearchStrategy[str]:
    """Any text, an injection payload, or the two glued together."""
    free = st.text(STORABLE, min_size=min_size, max_size=max_size)
    return st.one_of(_PAYLOAD, free, st.tuples(_PAYLOAD, free).map("".join))


def label_text(prefix: str) -> st.SearchStrategy[str]:
    """A label that validation accepts, carrying payload text after ``prefix``."""
    safe = [p for p in INJECTIONS if p.isprintable() and p.strip() == p and p]
    tail = st.one_of(st.sampled_from(safe), st.text(LABEL_CHARS, max_size=30))
    return tail.map(lambda t: prefix + t)


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53), max_value=2**53),
    # jsonb keeps numbers as numeric: a float >= 1e16 comes back as the equal integer
    st.floats(min_value=-1e15, max_value=1e15, allow_nan=False, allow_infinity=False),
    hostile_text(max_size=20),
)
METADATA = st.dictionaries(
    hostile_text(max_size=12),
    st.recursive(
        JSON_SCALARS,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(hostile_text(max_size=8), inner, max_size=3),
        ),
        max_leaves=8,
    ),
    max_size=4,
)


def unit_floats(values: list[float]) -> list[float]:
    """The vector as the store keeps it: scaled to unit length (for comparisons)."""
    norm = math.sqrt(sum(v * v for v in values))
    return [v / norm for v in values]


EMBEDDING = st.lists(
    st.one_of(
        st.floats(min_value=-1e30, max_value=1e30, allow_nan=False, allow_infinity=False),
        st.just(-0.0),
    ),
    min_size=DIM,
    max_size=DIM,
).filter(lambda v: any(x != 0.0 for x in v))

CREATED_AT = st.datetimes(
    min_value=datetime(1900, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)

ASCII_WORD = st.text(string.ascii_letters, min_size=1, max_size=8)

_serial_ids = itertools.count(1)
# a fresh id every draw (derandomized st.uuids() repeats ids across examples)
FRESH_UUID = st.builds(lambda: uuid.UUID(int=(0xA11CE << 100) | next(_serial_ids), version=4))


# text a caller might pass that validation must refuse, mixed with what it must accept
RAW_TEXT = st.one_of(
    st.sampled_from(INJECTIONS),
    st.text(max_size=30),
    st.text(max_size=10).map(lambda t: t + "\x00"),
    st.tuples(st.text(max_size=8), st.sampled_from(["\ud800", "\udfff", "\udc80"])).map("".join),
    st.sampled_from(["", " ", "\n", "\t", "x" * 600, "\x85", "\u2028", "\u202e"]),
)
# values of the wrong type for any parameter
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just(object()),
)


def fingerprint(engine: Engine, sentinel: str) -> dict[str, Any]:
    """In one statement, through a superuser connection (which row-level security does
    not filter): the row count of every table across all tenants, and a digest of the
    sentinel tenant's memories and their state, which no other tenant's call may change.
    A dropped table makes the statement itself fail."""
    counts = ", ".join(f"(SELECT count(*) FROM {table}) AS {table}" for table in TABLES)
    digest = (
        "(SELECT md5(coalesce(string_agg(m.content || s::text, '|' ORDER BY m.id), ''))"
        " FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id"
        " WHERE m.tenant = :sentinel) AS sentinel"
    )
    with engine.connect() as conn:
        row = conn.execute(text(f"SELECT {counts}, {digest}"), {"sentinel": sentinel}).one()
    return dict(row._mapping)


def table_exists(store: MemoryStore, table: str) -> bool:
    with store.db.transaction() as conn:
        return conn.execute(text("SELECT to_regclass(:t) IS NOT NULL"), {"t": table}).scalar_one()


def tenant_counts(store: MemoryStore, tenant: str) -> dict[str, int]:
    """Rows of each tenant table for one tenant (read inside its own transaction, as
    row-level security requires)."""
    counts: dict[str, int] = {}
    with store.db.transaction(tenant) as conn:
        for table in TABLES:
            column = "name" if table == "tenant" else "tenant"
            counts[table] = int(
                conn.execute(
                    text(f"SELECT count(*) FROM {table} WHERE {column} = :t"), {"t": tenant}
                ).scalar_one()
            )
    return counts


def all_tables_exist(store: MemoryStore) -> bool:
    return all(table_exists(store, t) for t in TABLES)


def encodable(value: Any) -> bool:
    try:
        str(value).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
