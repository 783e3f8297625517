"""Running the installed ``memgov`` console script in a subprocess, as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from unittest.mock import patch

import typer
import typer.testing
from curation_helpers import T0
from typer.main import get_command
from typer.testing import CliRunner, Result

MEMGOV = str(Path(sys.executable).parent / "memgov")
NOW = ["--now", T0.isoformat()]  # a command acting at the conftest clock's time
_BUILT: dict[tuple[int, int, int], Any] = {}


def invoke(app: typer.Typer, args: Sequence[str], **kwargs: Any) -> Result:
    """``CliRunner().invoke(app, args, ...)`` with the app's click command built once.
    Typer rebuilds it on every invoke from each command's signature and type hints
    (evaluating every postponed annotation): most of an in-process call's time."""
    shape = (id(app), len(app.registered_commands), len(app.registered_groups))
    if shape not in _BUILT:
        _BUILT[shape] = get_command(app)
    with patch.object(typer.testing, "_get_command", lambda _app: _BUILT[shape]):
        return CliRunner().invoke(app, list(args), **kwargs)


def memgov(env: dict[str, str], *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """The installed console script in a subprocess, as a user runs it."""
    done = subprocess.run(
        [MEMGOV, *args], env=env, capture_output=True, text=True, timeout=180, check=False
    )
    assert done.returncode == code, (args, done.returncode, done.stdout, done.stderr)
    return done


_plugins: list[bool] = []


def run_cli(
    env: dict[str, str], *args: str, code: int = 0, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``memgov`` run in this process, plugins included, with what a subprocess would give
    (exit status, stdout, stderr): the same commands without a Python start-up and import
    of every package per call. ``memgov`` above is the console script itself."""
    from curation.cli.app import _load_plugins, app

    if not _plugins:
        _load_plugins()
        _plugins.append(True)
    result = invoke(app, args, env=env, input=input)
    if not isinstance(result.exception, SystemExit | None):
        raise result.exception  # a crash, not a refusal: fail with its traceback
    done = subprocess.CompletedProcess(
        [MEMGOV, *args], result.exit_code, result.stdout, result.stderr
    )
    assert done.returncode == code, (args, done.returncode, done.stdout, done.stderr)
    return done


def as_json(done: subprocess.CompletedProcess[str]) -> Any:
    return json.loads(done.stdout)
