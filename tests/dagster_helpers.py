"""What the Dagster tests read of a run: an asset's materialization metadata as plain values."""

from __future__ import annotations

from typing import Any

from dagster import AssetKey, ExecuteInProcessResult


def meta(result: ExecuteInProcessResult, asset: str) -> dict[str, Any]:
    [event] = [
        e for e in result.get_asset_materialization_events() if e.asset_key == AssetKey(asset)
    ]
    return {k: v.value for k, v in event.materialization.metadata.items()}
