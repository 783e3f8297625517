"""Configuration from the environment: where state lives and which database to use."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from curation._env import env_int

DEFAULT_HOME = ".memgov"
DEFAULT_DIMENSION = 384


@dataclass(frozen=True)
class Settings:
    home: Path
    database_url: str | None
    embedding_dimension: int
    database_name: str = "memgov"
    # The runtime login for an external server (no RESET ROLE back to the owner possible);
    # without it the runtime switches to the app role with SET ROLE on each connection.
    app_database_url: str | None = None
    # MLFLOW_TRACKING_URI as set (None: the SQLite store under ``home``, see tracking_uri)
    mlflow_tracking_uri: str | None = None

    @property
    def pgdata(self) -> Path:
        return self.home / "pgdata"

    @property
    def tracking_uri(self) -> str:
        """Where MLflow runs go: ``MLFLOW_TRACKING_URI`` when set, else a SQLite store at
        ``<home>/mlflow.db`` (never an implicit ``./mlruns``)."""
        return self.mlflow_tracking_uri or f"sqlite:///{self.home / 'mlflow.db'}"

    @classmethod
    def from_env(cls) -> Settings:
        # The one place MEMGOV_HOME's default lives; blank counts as unset.
        home_setting = os.environ.get("MEMGOV_HOME", "").strip() or DEFAULT_HOME
        home = Path(home_setting).expanduser().resolve()
        url = os.environ.get("MEMGOV_DATABASE_URL") or None
        dimension = env_int("MEMGOV_EMBEDDING_DIM", DEFAULT_DIMENSION)
        name = os.environ.get("MEMGOV_DATABASE", "memgov")
        app_url = os.environ.get("MEMGOV_APP_DATABASE_URL") or None
        return cls(
            home=home,
            database_url=url,
            embedding_dimension=dimension,
            database_name=name,
            app_database_url=app_url,
            mlflow_tracking_uri=os.environ.get("MLFLOW_TRACKING_URI", "").strip() or None,
        )
