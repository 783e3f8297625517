"""The typed reading of evaluation's data files (``evaluation/tables.py``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import pytest

from evaluation.tables import TableError, read_record, read_table


@dataclass(frozen=True)
class _Row:
    name: str
    mode: Literal["add", "replace"]
    values: tuple[str, ...]
    at: datetime
    span: tuple[int, int] = (0, 0)
    note: str = ""


def _table(tmp_path: Path, rows: object) -> Path:
    path = tmp_path / "table.json"
    document = {"pools": {"people": ["Ana", "Ben"]}, "rows": rows}
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_rows_are_read_as_their_types_with_pools_and_defaults(tmp_path: Path) -> None:
    raw = {"name": "a", "mode": "add", "values": "people", "at": "2024-01-08T09:00:00+00:00"}
    path = _table(tmp_path, [raw, {**raw, "values": ["Cy"], "span": [1, 9], "note": "n"}])
    rows = read_table(path, "rows", tuple[_Row, ...])
    at = datetime(2024, 1, 8, 9, 0, tzinfo=UTC)
    assert rows == (
        _Row("a", "add", ("Ana", "Ben"), at),
        _Row("a", "add", ("Cy",), at, (1, 9), "n"),
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"colour": "red"}, "no field"),
        ({"mode": "remove"}, "is not one of"),
        ({"name": 3}, "is not a"),
    ],
)
def test_a_row_that_does_not_fit_its_type_is_refused(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    raw = {"name": "a", "mode": "add", "values": [], "at": "2024-01-08", **change}
    with pytest.raises(TableError, match=message):
        read_table(_table(tmp_path, [raw]), "rows", tuple[_Row, ...])


@dataclass(frozen=True)
class _Pack:
    name: str
    pools: dict[str, tuple[str, ...]]


def test_a_whole_file_is_read_as_one_record(tmp_path: Path) -> None:
    path = tmp_path / "pack.json"
    path.write_text(json.dumps({"name": "p", "pools": {"people": ["Ana"]}}), encoding="utf-8")
    assert read_record(path, _Pack) == _Pack("p", {"people": ("Ana",)})
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"name": "p", "pools": {}, "colour": "red"}), encoding="utf-8")
    with pytest.raises(TableError, match="colour"):
        read_record(odd, _Pack)
