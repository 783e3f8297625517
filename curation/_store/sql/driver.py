"""Statements that run on the driver's own cursor, inside the caller's SQLAlchemy
transaction, instead of through SQLAlchemy's statement layer (compiling the text, cache
keys, result metadata). Recall's hot path uses it: on three statements a transaction,
that layer cost more client CPU than the rest of the transaction (1.5 ms against 0.4 ms,
docs/performance.md, round eight). The SQL keeps SQLAlchemy's ``:name`` parameters, so a
statement reads the same either way; rows come back as named tuples, as SQLAlchemy's do."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from psycopg.rows import namedtuple_row
from sqlalchemy import Connection

# a ``:name`` parameter, not a ``::type`` cast (SQLAlchemy's own rule for ``text()``)
_PARAMETER = re.compile(r"(?<![:\w\\]):(\w+)(?!:)")


class DriverSql:
    """One statement, translated once to the driver's ``%(name)s`` parameters.
    ``binary``: rows come back in PostgreSQL's binary format, for a statement that returns
    vectors (a 384-d vector parses in ~2 µs from binary, ~250-450 µs from text)."""

    __slots__ = ("binary", "sql")

    def __init__(self, sql: str, *, binary: bool = False) -> None:
        self.sql = _PARAMETER.sub(r"%(\1)s", sql.replace("%", "%%"))
        self.binary = binary

    def rows(self, conn: Connection, params: Mapping[str, Any]) -> list[Any]:
        """Every row the statement returns (none for a statement that returns none)."""
        driver: Any = conn.connection.driver_connection
        with driver.cursor(row_factory=namedtuple_row) as cursor:
            cursor.execute(self.sql, params, binary=self.binary)
            return list(cursor.fetchall()) if cursor.description is not None else []

    def first(self, conn: Connection, params: Mapping[str, Any]) -> Any | None:
        found = self.rows(conn, params)
        return found[0] if found else None
