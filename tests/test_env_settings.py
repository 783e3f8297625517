"""Every environment setting is read in one place (``curation.Settings``): a bad value
is a typed error naming the variable and the value, on the CLI one line (``error:
MEMGOV_API_RATE='abc': …``, exit status 2), never a bare ``ValueError: could not convert
string to float``."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli

from api import ApiSettings
from curation import (
    HashingEmbedder,
    MiniLMEmbedder,
    Settings,
    SystemClock,
    ValidationError,
    clock_at,
    embedder_from_env,
    embedder_named,
)
from curation._onnx_minilm import threads
from dashboard.__main__ import streamlit_args
from evaluation.tracking import mlflow_ui_url
from orchestration.definitions import default_resources, executor_from_env
from orchestration.up import commands

# each variable: what reads it, and values it must refuse
VARIABLES: dict[str, tuple[Callable[[], Any], list[str]]] = {
    "MEMGOV_API_RATE": (ApiSettings.from_env, ["abc", "0", "-5", "nan", "inf"]),
    "MEMGOV_API_BURST": (ApiSettings.from_env, ["abc", "0", "2.5"]),
    "MEMGOV_API_MAX_BODY": (ApiSettings.from_env, ["1e6", "-1"]),
    "MEMGOV_EMBEDDING_DIM": (Settings.from_env, ["big", "0"]),
    "MEMGOV_EMBED_THREADS": (threads, ["four", "0"]),
    "MEMGOV_EMBEDDER": (embedder_from_env, ["bert"]),
    "MEMGOV_DAGSTER_EXECUTOR": (executor_from_env, ["threads"]),
    "MEMGOV_MAX_PRUNE_RATIO": (default_resources, ["lots", "1.5", "-0.1"]),
    "MEMGOV_COMPACTION_GRACE_DAYS": (default_resources, ["soon", "-1"]),
    "MEMGOV_WRITES_TRIGGER": (default_resources, ["many", "0"]),
    "MEMGOV_DAGSTER_PORT": (lambda: commands("127.0.0.1"), ["http", "70000"]),
    "MEMGOV_MLFLOW_PORT": (mlflow_ui_url, ["five"]),
    "MEMGOV_DASHBOARD_PORT": (streamlit_args, ["0"]),
}
CASES = [(name, value) for name, (_, values) in VARIABLES.items() for value in values]


@pytest.mark.parametrize(("name", "value"), CASES)
def test_a_bad_value_names_the_variable(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    read, _ = VARIABLES[name]
    with pytest.raises(ValidationError) as caught:
        read()
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


ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("curation", "api", "orchestration", "dashboard", "evaluation")
# still reading their variables themselves, for the evaluation package's own restructuring
NOT_YET_ON_SETTINGS = {"evaluation/tracking.py", "evaluation/benchmarks/embed_cache.py"}


def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
    }


def test_every_variable_the_packages_name_is_a_setting() -> None:
    """Its name, default and rule live in ``curation.Settings`` alone."""
    named = {m for text in _sources().values() for m in re.findall(r"MEMGOV_[A-Z_]*[A-Z]", text)}
    known = {Settings.variable(field) for field in Settings.model_fields}
    assert named and named - known == set()


def test_no_module_reads_a_variable_around_the_settings() -> None:
    """Only ``curation/_env.py`` (the one port reader evaluation still uses) touches
    ``os.environ`` for a ``MEMGOV_*`` variable; what a child process is given is no read."""
    reads = [
        f"{name}: {line.strip()}"
        for name, text in _sources().items()
        if name not in NOT_YET_ON_SETTINGS | {"curation/_env.py"}
        for line in text.splitlines()
        if re.search(r"os\.environ|getenv\(", line)
        and "MEMGOV_" in line
        and not re.search(r"setdefault\(|environ\[[^]]+\] =|\{\*\*os\.environ", line)
    ]
    assert reads == []


def test_the_embedder_choice_and_the_clock_have_one_rule_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MEMGOV_EMBEDDER", "hashing")
    assert isinstance(embedder_named(None), HashingEmbedder)
    assert isinstance(embedder_named(" MiniLM "), MiniLMEmbedder)
    with pytest.raises(ValidationError) as caught:
        embedder_named("bert", "embedder")
    assert (caught.value.field, caught.value.value) == ("embedder", "bert")
    assert isinstance(clock_at(" "), SystemClock)
    fixed = clock_at("2026-03-01T12:00:00")
    assert fixed.now() == datetime(2026, 3, 1, 12, tzinfo=UTC)
    monkeypatch.setenv("MEMGOV_NOW", "2026-03-01T12:00:00Z")
    assert Settings.from_env().clock().now() == fixed.now()
    monkeypatch.setenv("MEMGOV_NOW", "yesterday")
    with pytest.raises(ValidationError) as caught:
        Settings.from_env()
    assert (caught.value.field, caught.value.value) == ("MEMGOV_NOW", "yesterday")
