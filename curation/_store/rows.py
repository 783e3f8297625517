"""Reading the tenant's rows and mapping them to the public records."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, Row, text

from curation._records import ConflictRecord, EventRecord, MemoryRecord

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    R = TypeVar("R", bound=DataclassInstance)
else:
    R = TypeVar("R")


def tenant_rows(conn: Connection, tenant: str, sql: str, **params: Any) -> Sequence[Row[Any]]:
    """Every row ``sql`` returns, its ``:t`` the tenant: a store statement always names
    the tenant it reads for, whatever row-level security already filters."""
    return conn.execute(text(sql), {"t": tenant, **params}).all()


def opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


# a record field's declared type -> how a column value becomes it (uuids become text,
# numerics floats, arrays lists, NULL an empty dict); any other type is taken as it comes
_AS_DECLARED: dict[str, Callable[[Any], Any]] = {
    "str": opt_str,
    "str | None": opt_str,
    "int": int,
    "float": float,
    "float | None": _opt_float,
    "bool": bool,
    "dict[str, Any]": lambda value: dict(value or {}),
    "list[str]": lambda value: [str(v) for v in value or []],
}


@cache
def _converters(record: type[Any]) -> tuple[tuple[str, Callable[[Any], Any] | None], ...]:
    return tuple((f.name, _AS_DECLARED.get(str(f.type))) for f in fields(record))


def from_row(record: type[R], row: Any, **given: Any) -> R:
    """A record whose fields are the row's columns of the same names, each made the type
    the record declares; ``given`` supplies fields the row names otherwise."""
    values = dict(given)
    for name, convert in _converters(record):
        if name not in given:
            value = getattr(row, name)
            values[name] = value if convert is None else convert(value)
    return record(**values)


def memory_record(row: Any) -> MemoryRecord:
    return from_row(MemoryRecord, row)


def conflict_record(row: Any) -> ConflictRecord:
    return from_row(ConflictRecord, row)


def event_record(row: Any) -> EventRecord:
    return from_row(EventRecord, row)


def vector_array(value: Any) -> Any:
    """pgvector's loader yields a ``Vector``; planners want a float32 numpy row."""
    import numpy as np

    array = value.to_numpy() if hasattr(value, "to_numpy") else value
    return np.asarray(array, dtype=np.float32)
