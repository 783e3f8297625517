"""Lazy exports (PEP 562) for evaluation's front doors (``evaluation``, ``evaluation.ab``,
``evaluation.demo``, ``evaluation.online``): importing a package loads none of its
modules; a name loads its module on first use, so a Dagster code location, a dashboard
page or a command pays for MLflow or the simulator only when it touches them. A front
door names each export once, in its ``if TYPE_CHECKING:`` imports (what type checkers
and readers see), as a redundant alias ``X as X``, the form linters read as a re-export;
``type_checking_exports`` reads the lazy map, and the door's ``__all__``, from there."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any


def type_checking_exports(package_file: str) -> dict[str, str]:
    """Each name a front door imports under ``if TYPE_CHECKING:`` (its ``as`` name when it
    has one) -> ``"module:attribute"``, read from the door's own source."""
    tree = ast.parse(Path(package_file).read_text(encoding="utf-8"))
    [block] = [
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    ]
    return {
        alias.asname or alias.name: f"{node.module}:{alias.name}"
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def lazy_exports(
    package: str, namespace: dict[str, Any], exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: ``exports`` maps each exported
    name to ``"module"`` (the same name there) or ``"module:name"`` (renamed at the door);
    a loaded name is stored in ``namespace`` (the package's globals), a plain global from
    then on."""

    def getattr_(name: str) -> Any:
        where = exports.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = where.partition(":")
        value = getattr(importlib.import_module(module), attribute or name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted([*namespace, *exports])

    return getattr_, dir_
