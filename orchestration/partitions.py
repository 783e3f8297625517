"""Tenants are dynamic partitions, added only by ``tenant_sensor`` (never by hand-written
lists), and every run of a tenant carries the ``memgov/tenant`` tag the run queue limits."""

from __future__ import annotations

from dagster import DynamicPartitionsDefinition, PartitionedConfig, PartitionsDefinition

from orchestration.instance import TENANT_TAG

TENANTS = "tenants"
tenant_partitions = DynamicPartitionsDefinition(name=TENANTS)

# Dagster refuses these inside partition keys; a tenant named so is reported, not registered.
_INVALID_SUBSTRINGS = ("...", "\a", "\b", "\f", "\n", "\r", "\t", "\v", "\0")


def is_valid_partition_key(tenant: str) -> bool:
    return bool(tenant) and not any(bad in tenant for bad in _INVALID_SUBSTRINGS)


def tenant_tags(tenant: str) -> dict[str, str]:
    return {TENANT_TAG: tenant}


def tenant_run_config() -> PartitionedConfig[PartitionsDefinition[str]]:
    """Per-partition run tags for jobs over tenants, however the run is launched (UI,
    schedule, sensor, backfill)."""
    return PartitionedConfig(
        partitions_def=tenant_partitions,
        run_config_for_partition_key_fn=lambda _key: {},
        tags_for_partition_key_fn=tenant_tags,
    )
