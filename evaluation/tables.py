"""Typed reading of evaluation's hand-written data files (hold-out sets, simulator packs).

Test data is tables, not code: it lives in a JSON file beside the modules that use it and
``read_table`` turns a section of it (``read_record``: all of it) into frozen dataclasses,
following their type hints (lists become tuples, ISO strings datetimes; a field left out
takes its default). A list field may instead name one of the file's ``pools``, a list several
domains or fields share (set D's people), so that list is written once.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar, cast, get_args, get_origin, get_type_hints

T = TypeVar("T")


class TableError(ValueError):
    """A data file that does not fit the types it is read as."""


@cache
def _document(path: Path) -> dict[str, Any]:
    return cast(dict[str, Any], json.loads(path.read_text(encoding="utf-8")))


def read_table(path: Path, section: str, kind: type[T]) -> T:
    """Section ``section`` of the JSON file ``path``, read as ``kind``."""
    document = _document(path)
    return cast(T, _decode(kind, document[section], document.get("pools", {})))


def read_record(path: Path, kind: type[T]) -> T:
    """The whole JSON file ``path``, read as ``kind``."""
    return cast(T, _decode(kind, _document(path), {}))


def _decode(kind: Any, raw: Any, pools: dict[str, list[Any]]) -> Any:
    if dataclasses.is_dataclass(kind):
        return _record(kind, raw, pools)
    origin, args = get_origin(kind), get_args(kind)
    if origin is tuple:
        items = pools[raw] if isinstance(raw, str) else raw
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item, pools) for item in items)
        return tuple(_decode(arg, item, pools) for arg, item in zip(args, items, strict=True))
    if origin is dict:
        return {key: _decode(args[1], value, pools) for key, value in raw.items()}
    if origin is Literal:
        if raw not in args:
            raise TableError(f"{raw!r} is not one of {args}")
        return raw
    if kind is datetime:
        return datetime.fromisoformat(raw)
    if kind in (str, int, float, bool) and isinstance(raw, kind):
        return raw
    raise TableError(f"{raw!r} is not a {kind}")


def _record(kind: Any, raw: dict[str, Any], pools: dict[str, list[Any]]) -> Any:
    hints = get_type_hints(kind)
    names = {field.name for field in dataclasses.fields(kind)}
    if unknown := set(raw) - names:
        raise TableError(f"{kind.__name__} has no field {sorted(unknown)}")
    return kind(**{name: _decode(hints[name], value, pools) for name, value in raw.items()})
