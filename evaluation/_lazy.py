"""Lazy exports (PEP 562) for evaluation's front doors (``evaluation``, ``evaluation.ab``,
``evaluation.demo``, ``evaluation.online``): importing a package loads none of its
modules; a name loads its module on first use, so a Dagster code location, a dashboard
page or a command pays for MLflow or the simulator only when it touches them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


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
