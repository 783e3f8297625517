"""Every ``MEMGOV_*`` environment variable (and ``MLFLOW_TRACKING_URI``), read and checked
in one place: ``Settings.from_env()``. A blank variable counts as unset; a bad value is a
ValidationError naming the variable and the value (``MEMGOV_API_RATE='abc': expected a
number above 0``). Read on each call (tests and launchers change the environment), checked
once per distinct set of values."""

from __future__ import annotations

import functools
import os
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import pydantic
from pydantic import AfterValidator, BeforeValidator, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from curation._clock import Clock, clock_at
from curation._env import SettingError, iso_time, number, one_of, port, whole_number
from curation._errors import ValidationError

DEFAULT_HOME = ".memgov"
DEFAULT_DIMENSION = 384
DEFAULT_BIND = "127.0.0.1"
EMBEDDERS = ("minilm", "hashing")
EMBED_BACKENDS = ("auto", "onnx", "torch")
EXECUTORS = ("multiprocess", "in_process", "k8s", "celery")

Count = Annotated[int, BeforeValidator(whole_number())]
Port = Annotated[int, BeforeValidator(port)]
Rate = Annotated[float, BeforeValidator(number())]
Ratio = Annotated[float, BeforeValidator(number(0.0, low_included=True, high=1.0))]
Days = Annotated[float, BeforeValidator(number(0.0, low_included=True))]
Moment = Annotated[datetime, BeforeValidator(iso_time)]
Embedder = Annotated[str, BeforeValidator(one_of(EMBEDDERS))]
EmbedBackend = Annotated[str, BeforeValidator(one_of(EMBED_BACKENDS))]
Executor = Annotated[str, BeforeValidator(one_of(EXECUTORS))]


def _var(name: str, default: Any = None, **rules: Any) -> Any:
    """A field read from the variable ``name``."""
    return Field(default, validation_alias=name, **rules)


def _absolute(path: Path) -> Path:
    return path.expanduser().resolve()


class Settings(BaseSettings):
    """One field per variable (its name, type, default and rule); every reader asks here."""

    model_config = SettingsConfigDict(
        case_sensitive=True, frozen=True, validate_by_name=True, validate_by_alias=True
    )

    # where state lives and which database
    home: Annotated[Path, AfterValidator(_absolute)] = _var(
        "MEMGOV_HOME", Path(DEFAULT_HOME), validate_default=True
    )
    database_url: str | None = _var("MEMGOV_DATABASE_URL")
    database_name: str = _var("MEMGOV_DATABASE", "memgov")
    # The runtime login for an external server (no RESET ROLE back to the owner possible);
    # without it the runtime switches to the app role with SET ROLE on each connection.
    app_database_url: str | None = _var("MEMGOV_APP_DATABASE_URL")
    embedding_dimension: Count = _var("MEMGOV_EMBEDDING_DIM", DEFAULT_DIMENSION)
    # MLFLOW_TRACKING_URI as set (None: the SQLite store under ``home``, see tracking_uri)
    mlflow_tracking_uri: str | None = _var("MLFLOW_TRACKING_URI")

    # the embedder and the clock
    embedder: Embedder = _var("MEMGOV_EMBEDDER", "minilm")
    embed_backend: EmbedBackend = _var("MEMGOV_EMBED_BACKEND", "auto")
    embed_threads: Count | None = _var("MEMGOV_EMBED_THREADS")  # None: the usable cores
    model_cache: str | None = _var("MEMGOV_MODEL_CACHE")  # the ONNX model files
    embed_cache: str | None = _var("MEMGOV_EMBED_CACHE")  # the benchmarks' embeddings
    now: Moment | None = _var("MEMGOV_NOW")  # a fixed clock, for replays and tests
    force_now_reason: str | None = _var("MEMGOV_FORCE_NOW_REASON")
    debug: Annotated[bool, BeforeValidator(bool)] = _var("MEMGOV_DEBUG", False)

    # the HTTP API
    api_max_body: Count = _var("MEMGOV_API_MAX_BODY", 1_000_000)
    api_rate: Rate = _var("MEMGOV_API_RATE", 200.0)
    api_burst: Count = _var("MEMGOV_API_BURST", 400)
    api_key: str | None = _var("MEMGOV_API_KEY")

    # where the servers listen (``make up``)
    bind: str = _var("MEMGOV_BIND", DEFAULT_BIND)
    api_port: Port = _var("MEMGOV_API_PORT", 8787)
    dagster_port: Port = _var("MEMGOV_DAGSTER_PORT", 3000)
    dashboard_port: Port = _var("MEMGOV_DASHBOARD_PORT", 8501)
    dashboard_address: str = _var("MEMGOV_DASHBOARD_ADDRESS", DEFAULT_BIND)
    mlflow_port: Port = _var("MEMGOV_MLFLOW_PORT", 5000)
    mlflow_ui_url: str | None = _var("MEMGOV_MLFLOW_UI_URL")

    # Dagster
    dagster_executor: Executor = _var("MEMGOV_DAGSTER_EXECUTOR", "multiprocess")
    dagster_pg_url: str | None = _var("MEMGOV_DAGSTER_PG_URL")
    dagster_max_runs: Count = _var("MEMGOV_DAGSTER_MAX_RUNS", 4)
    io_base_dir: str | None = _var("MEMGOV_IO_BASE_DIR")
    max_prune_ratio: Ratio | None = _var("MEMGOV_MAX_PRUNE_RATIO")
    compaction_grace_days: Days | None = _var("MEMGOV_COMPACTION_GRACE_DAYS")
    writes_trigger: Count = _var("MEMGOV_WRITES_TRIGGER", 500)
    inbox: str | None = _var("MEMGOV_INBOX")
    ab_workload: str | None = _var("MEMGOV_AB_WORKLOAD")
    benchmarks_dir: str | None = _var("MEMGOV_BENCHMARKS_DIR")

    def __init__(self, **values: Any) -> None:
        try:
            super().__init__(**values)
        except pydantic.ValidationError as exc:
            raise _named(exc) from None

    @model_validator(mode="before")
    @classmethod
    def _blank_is_unset(cls, data: Any) -> Any:
        """Text is read stripped, and blank text as unset (the default applies)."""
        if not isinstance(data, dict):
            return data
        stripped = {k: v.strip() if isinstance(v, str) else v for k, v in data.items()}
        return {k: v for k, v in stripped.items() if v != ""}

    @classmethod
    def from_env(cls) -> Settings:
        """The settings of the environment as it is now, checked once per distinct set of
        values (a dashboard page asks many times); the folder and HOME resolve ``home``."""
        values = tuple(sorted((k, v) for k, v in os.environ.items() if k in _VARIABLES))
        return _checked(os.getcwd(), os.environ.get("HOME"), values)

    @classmethod
    def defaults(cls) -> Settings:
        """The built-in values, no variable read (for help texts and plain defaults)."""
        return cls.model_construct()

    @classmethod
    def variable(cls, field: str) -> str:
        """The environment variable a field is read from."""
        alias = cls.model_fields[field].validation_alias
        assert isinstance(alias, str)
        return alias

    def is_set(self, field: str) -> bool:
        """Whether the environment (or the caller) gave this field a value."""
        return field in self.model_fields_set

    @property
    def pgdata(self) -> Path:
        return self.home / "pgdata"

    @property
    def tracking_uri(self) -> str:
        """Where MLflow runs go: ``MLFLOW_TRACKING_URI`` when set, else a SQLite store at
        ``<home>/mlflow.db`` (never an implicit ``./mlruns``)."""
        return self.mlflow_tracking_uri or f"sqlite:///{self.home / 'mlflow.db'}"

    def clock(self) -> Clock:
        """``MEMGOV_NOW`` fixes the time (replays, tests); unset, the system clock."""
        return clock_at(self.now)


_VARIABLES = frozenset(Settings.variable(field) for field in Settings.model_fields)


@functools.lru_cache(maxsize=64)
def _checked(_cwd: str, _home: str | None, values: tuple[tuple[str, str], ...]) -> Settings:
    return Settings(**dict(values))


def _named(exc: pydantic.ValidationError) -> ValidationError:
    """The first error as ``VARIABLE='value': reason``."""
    error = exc.errors()[0]
    where = str(error["loc"][0]) if error["loc"] else "settings"
    name = Settings.variable(where) if where in Settings.model_fields else where
    cause = (error.get("ctx") or {}).get("error")
    if isinstance(cause, SettingError):
        return ValidationError(name, cause.raw, cause.reason)
    return ValidationError(name, error.get("input"), error["msg"])
