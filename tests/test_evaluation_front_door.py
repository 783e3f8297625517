"""evaluation's front door (evaluation/__init__.py): every exported name resolves to the
object its module defines, the three lists of names agree, and importing the package
loads none of its submodules (the names are lazy)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import evaluation


def _type_checking_names() -> set[str]:
    """The names the ``if TYPE_CHECKING:`` block imports (what type checkers see)."""
    tree = ast.parse(Path(evaluation.__file__).read_text(encoding="utf-8"))
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"
    )
    return {
        alias.asname or alias.name
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def test_the_exports_the_type_checking_names_and_all_agree() -> None:
    exported = set(evaluation._EXPORTS)
    assert exported == set(evaluation.__all__)
    assert exported == _type_checking_names()
    assert len(evaluation.__all__) == len(set(evaluation.__all__))


@pytest.mark.parametrize("name", sorted(evaluation._EXPORTS))
def test_each_name_is_the_object_its_module_defines(name: str) -> None:
    module, _, attribute = evaluation._EXPORTS[name].partition(":")
    assert getattr(evaluation, name) is getattr(importlib.import_module(module), attribute or name)


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="'no_such_thing'"):
        _ = evaluation.no_such_thing  # type: ignore[attr-defined]


def test_importing_the_package_loads_no_submodule() -> None:
    code = (
        "import sys, evaluation; "
        "print(sorted(m for m in sys.modules if m.startswith('evaluation.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
