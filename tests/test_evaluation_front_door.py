"""evaluation's front doors (evaluation/__init__.py, and the A/B, demo and online
subpackages' own): every exported name resolves to the object its module defines, the
three lists of names agree, and importing a package loads none of its modules (the names
are lazy, evaluation/_lazy.py)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

PACKAGES = ["evaluation", "evaluation.ab", "evaluation.demo", "evaluation.online"]


def _type_checking_names(package: ModuleType) -> set[str]:
    """The names the ``if TYPE_CHECKING:`` block imports (what type checkers see)."""
    assert package.__file__ is not None
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
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


def _exports() -> list[tuple[str, str]]:
    return [
        (package, name)
        for package in PACKAGES
        for name in sorted(importlib.import_module(package)._EXPORTS)
    ]


@pytest.mark.parametrize("package_name", PACKAGES)
def test_the_exports_the_type_checking_names_and_all_agree(package_name: str) -> None:
    package = importlib.import_module(package_name)
    exported = set(package._EXPORTS)
    assert exported == set(package.__all__)
    assert exported == _type_checking_names(package)
    assert len(package.__all__) == len(set(package.__all__))


@pytest.mark.parametrize(("package_name", "name"), _exports())
def test_each_name_is_the_object_its_module_defines(package_name: str, name: str) -> None:
    package = importlib.import_module(package_name)
    module, _, attribute = package._EXPORTS[name].partition(":")
    expected = getattr(importlib.import_module(module), attribute or name)
    assert getattr(package, name) is expected
    assert name in dir(package)


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    import evaluation

    with pytest.raises(AttributeError, match="'no_such_thing'"):
        _ = evaluation.no_such_thing  # type: ignore[attr-defined]


@pytest.mark.parametrize("package_name", PACKAGES)
def test_importing_a_package_loads_none_of_its_modules(package_name: str) -> None:
    code = (
        f"import sys, {package_name}; "
        "print(sorted(m for m in sys.modules if m.startswith('evaluation.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(done.stdout))  # a printed list of module names
    assert loaded <= {"evaluation._lazy", package_name}, loaded
