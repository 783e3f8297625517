"""What the Dagster tests read of a run: an asset's materialization metadata as plain values."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dagster import AssetKey, DagsterInstance, ExecuteInProcessResult, materialize
from mlflow_helpers import fresh_mlflow_uri

from orchestration.definitions import build_resources
from orchestration.partitions import tenant_tags


def meta(result: ExecuteInProcessResult, asset: str) -> dict[str, Any]:
    [event] = [
        e for e in result.get_asset_materialization_events() if e.asset_key == AssetKey(asset)
    ]
    return {k: v.value for k, v in event.materialization.metadata.items()}


def materialize_tenant(
    assets: Sequence[Any],
    tenant: str,
    instance: DagsterInstance,
    resources: dict[str, Any],
    **options: Any,
) -> ExecuteInProcessResult:
    """``assets`` materialised for ``tenant``'s partition as a tenant's run is (its tags),
    failures reported in the result rather than raised."""
    return materialize(
        assets,
        partition_key=tenant,
        instance=instance,
        resources=resources,
        tags=tenant_tags(tenant),
        raise_on_error=False,
        **options,
    )


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
