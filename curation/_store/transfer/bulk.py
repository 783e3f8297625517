"""Bulk inserts by COPY into tables that row-level security protects.

PostgreSQL refuses ``COPY ... FROM`` into a table whose row-level security applies to the
session ("COPY FROM not supported with row-level security"), and that is every tenant
table for the application role. So the rows are copied into a session-private staging
table (temporary: no policy, no index, no WAL) and moved with one ``INSERT ... SELECT``,
which the policy's WITH CHECK sees like any other insert: COPY's speed for the transfer,
no way around the tenant check. The staging table is made once per connection and
emptied at every commit (``ON COMMIT DELETE ROWS``); the move also empties it, so two
copies into one table in one transaction never see each other's rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Connection

_IDENTIFIER = frozenset("abcdefghijklmnopqrstuvwxyz_0123456789")


def _name(value: str) -> str:
    """Table and column names are code constants; refuse anything that is not one."""
    if not value or not set(value) <= _IDENTIFIER:
        raise ValueError(f"not a plain identifier: {value!r}")
    return value


def copy_rows(
    conn: Connection, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]
) -> int:
    """COPY ``rows`` (tuples in ``columns`` order) into ``table`` through a staging table,
    inside the caller's transaction; returns how many rows were inserted."""
    table = _name(table)
    listed = ", ".join(_name(c) for c in columns)
    stage = f"memgov_stage_{table}"
    raw = conn.connection.driver_connection
    if raw is None:
        raise RuntimeError("copy_rows needs a live DBAPI connection")
    with raw.cursor() as cur:
        cur.execute(
            f"CREATE TEMP TABLE IF NOT EXISTS {stage} ON COMMIT DELETE ROWS AS "
            f"SELECT * FROM {table} WITH NO DATA"
        )
        with cur.copy(f"COPY {stage} ({listed}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cur.execute(
            f"WITH moved AS (DELETE FROM {stage} RETURNING {listed}) "
            f"INSERT INTO {table} ({listed}) SELECT {listed} FROM moved"
        )
        return int(cur.rowcount)
