"""What the Dagster tests read of a run: an asset's materialization metadata as plain values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dagster import AssetKey, ExecuteInProcessResult
from mlflow_helpers import fresh_mlflow_uri

from orchestration.definitions import build_resources


def meta(result: ExecuteInProcessResult, asset: str) -> dict[str, Any]:
    [event] = [
        e for e in result.get_asset_materialization_events() if e.asset_key == AssetKey(asset)
    ]
    return {k: v.value for k, v in event.materialization.metadata.items()}


def scratch_resources(
    database_url: str, tmp_path: Path, prefix: str, runs_in: str, **settings: str
) -> tuple[str, str, dict[str, Any]]:
    """For an asset that runs in a scratch database and logs to MLflow: a scratch database
    name of this test's own (``prefix`` + its temp folder's tail), a fresh MLflow store's
    URI, and resources on the test database with the hashing embedder and that store, the
    resource ``runs_in`` pointed at the scratch database."""
    scratch = prefix + tmp_path.name[-8:].replace("-", "_").lower()
    uri = fresh_mlflow_uri(tmp_path / "ml.db")
    resources = build_resources(
        database_url=database_url, embedder="hashing", tracking_uri=uri, **settings
    )
    resources[runs_in] = resources[runs_in].model_copy(update={"database": scratch})
    return scratch, uri, resources
