"""One transaction run again when PostgreSQL rolled it back for a concurrency reason.

A deadlock victim (SQLSTATE 40P01) or a serialization failure (40001) is a transaction
the database ended as a whole, leaving nothing behind: the same work with the same inputs
may simply run again, and then usually waits for the other transaction instead of
crossing it. Without this a caller would see a bug's answer (an HTTP 500) for what is
only bad luck in timing, e.g. an agent's recall crossing a curator's forget (which takes
the tenant's row before the history tables; the recall's exposure takes them the other
way round). Any other error, and the last attempt's, goes to the caller unchanged."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

import psycopg
from sqlalchemy.exc import DBAPIError

R = TypeVar("R")

log = logging.getLogger("memgov.store")

ROLLED_BACK_FOR_CONCURRENCY = frozenset({"40001", "40P01"})  # serialization, deadlock
ATTEMPTS = 3
PAUSE_SECONDS = 0.01  # before the second attempt; doubled before each further one


def concurrency_sqlstate(exc: BaseException) -> str | None:
    """The SQLSTATE when the database ended the transaction only because another one
    crossed it, else None. The driver's error comes bare from a raw cursor (a COPY) and
    wrapped from SQLAlchemy."""
    error = exc.orig if isinstance(exc, DBAPIError) else exc
    sqlstate = error.sqlstate if isinstance(error, psycopg.Error) else None
    return sqlstate if sqlstate in ROLLED_BACK_FOR_CONCURRENCY else None


def retried(work: Callable[[], R], *, attempts: int = ATTEMPTS) -> R:
    """``work()``, which must open and end its own single transaction, run again (up to
    ``attempts`` in all) while the database rolls it back for a concurrency reason."""
    for attempt in range(1, attempts):
        try:
            return work()
        except (DBAPIError, psycopg.Error) as exc:
            sqlstate = concurrency_sqlstate(exc)
            if sqlstate is None:
                raise
            log.info(
                "transaction rolled back by the database (SQLSTATE %s): attempt %d of %d",
                sqlstate,
                attempt + 1,
                attempts,
            )
        time.sleep(PAUSE_SECONDS * 2 ** (attempt - 1))
    return work()
