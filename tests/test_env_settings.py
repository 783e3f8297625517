"""Every numeric or enumerated environment setting is read in one place
(``curation._env``): a bad value is a typed error naming the variable and the value, on
the CLI one line (``error: MEMGOV_API_RATE='abc': …``, exit status 2), never a bare
``ValueError: could not convert string to float``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from cli_helpers import run_cli

from api import ApiSettings
from curation import Settings, ValidationError, embedder_from_env
from curation._onnx_minilm import threads
from dashboard.__main__ import streamlit_args
from evaluation.tracking import mlflow_ui_url
from orchestration.definitions import default_resources, executor_from_env
from orchestration.up import commands

READERS: dict[str, Callable[[], Any]] = {
    "MEMGOV_API_RATE": ApiSettings.from_env,
    "MEMGOV_API_BURST": ApiSettings.from_env,
    "MEMGOV_API_MAX_BODY": ApiSettings.from_env,
    "MEMGOV_EMBEDDING_DIM": Settings.from_env,
    "MEMGOV_EMBED_THREADS": threads,
    "MEMGOV_EMBEDDER": embedder_from_env,
    "MEMGOV_DAGSTER_EXECUTOR": executor_from_env,
    "MEMGOV_MAX_PRUNE_RATIO": default_resources,
    "MEMGOV_COMPACTION_GRACE_DAYS": default_resources,
    "MEMGOV_WRITES_TRIGGER": default_resources,
    "MEMGOV_DAGSTER_PORT": lambda: commands("127.0.0.1"),
    "MEMGOV_MLFLOW_PORT": mlflow_ui_url,
    "MEMGOV_DASHBOARD_PORT": streamlit_args,
}
BAD = {
    "MEMGOV_API_RATE": ["abc", "0", "-5", "nan", "inf"],
    "MEMGOV_API_BURST": ["abc", "0", "2.5"],
    "MEMGOV_API_MAX_BODY": ["1e6", "-1"],
    "MEMGOV_EMBEDDING_DIM": ["big", "0"],
    "MEMGOV_EMBED_THREADS": ["four", "0"],
    "MEMGOV_EMBEDDER": ["bert"],
    "MEMGOV_DAGSTER_EXECUTOR": ["threads"],
    "MEMGOV_MAX_PRUNE_RATIO": ["lots", "1.5", "-0.1"],
    "MEMGOV_COMPACTION_GRACE_DAYS": ["soon", "-1"],
    "MEMGOV_WRITES_TRIGGER": ["many", "0"],
    "MEMGOV_DAGSTER_PORT": ["http", "70000"],
    "MEMGOV_MLFLOW_PORT": ["five"],
    "MEMGOV_DASHBOARD_PORT": ["0"],
}
CASES = [(name, value) for name, values in BAD.items() for value in values]


@pytest.mark.parametrize(("name", "value"), CASES)
def test_a_bad_value_names_the_variable(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError) as caught:
        READERS[name]()
    assert (caught.value.field, caught.value.value) == (name, value)
    assert str(caught.value).startswith(f"{name}={value!r}: expected ")


def test_good_and_blank_values_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMGOV_API_RATE", " 12.5 ")
    monkeypatch.setenv("MEMGOV_API_BURST", "")  # blank: the default
    assert (ApiSettings.from_env().rate_per_second, ApiSettings.from_env().burst) == (12.5, 400)
    monkeypatch.setenv("MEMGOV_EMBED_THREADS", "3")
    assert threads() == 3
    monkeypatch.setenv("MEMGOV_DAGSTER_EXECUTOR", "In_Process")
    assert executor_from_env().name == "in_process"


@pytest.mark.parametrize(
    ("name", "value", "args"),
    [
        ("MEMGOV_API_RATE", "abc", ["serve"]),
        ("MEMGOV_API_PORT", "http", ["serve"]),
        ("MEMGOV_EMBEDDER", "bert", ["recall", "x", "-t", "acme"]),
    ],
)
def test_the_cli_answers_a_bad_variable_in_one_line(
    cli_env: dict[str, str], name: str, value: str, args: list[str]
) -> None:
    done = run_cli({**cli_env, "MEMGOV_EMBEDDER": "hashing", name: value}, *args, code=2)
    [line] = done.stderr.splitlines()
    assert line.startswith(f"error: {name}={value!r}: expected "), line
    assert "Traceback" not in done.stderr and done.stdout == ""
