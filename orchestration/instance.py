"""The local Dagster instance: ``DAGSTER_HOME`` lives under Memgov's state directory.

``ensure_dagster_home()`` creates ``$MEMGOV_HOME/dagster`` (default ``./.memgov/dagster``)
and writes a ``dagster.yaml`` there with telemetry off and a run queue that admits at
most one run per tenant at a time (runs carry the ``memgov/tenant`` tag). Storage stays
Dagster's default SQLite under that folder, which is right for one machine; the
PostgreSQL-backed instance for scaling out is ``orchestration/deploy/dagster.yaml``.
"""

from __future__ import annotations

import os
from pathlib import Path

MANAGED_MARKER = "# managed by memgov (orchestration/instance.py)"
TENANT_TAG = "memgov/tenant"


def memgov_home() -> Path:
    """The state directory: ``$MEMGOV_HOME`` or ``./.memgov``, resolved."""
    # imported here: ``TENANT_TAG`` (via orchestration.partitions) is all a run worker of
    # a small code location needs from this module, without loading the store's package
    from curation import Settings

    return Settings.from_env().home


def dagster_home_path() -> Path:
    return memgov_home() / "dagster"


def dagster_yaml(max_concurrent_runs: int = 4) -> str:
    """The local instance configuration (valid for ``DagsterInstance.from_config``)."""
    return f"""{MANAGED_MARKER}
# Rewritten by ensure_dagster_home() while this marker line is present; delete the
# marker to keep your own edits.
telemetry:
  enabled: false
nux:
  enabled: false
concurrency:
  runs:
    max_concurrent_runs: {max_concurrent_runs}
    # Two runs for the same tenant never overlap: the queue holds the second one back.
    tag_concurrency_limits:
      - key: "{TENANT_TAG}"
        value:
          applyLimitPerUniqueValue: true
        limit: 1
"""


def ensure_dagster_home(*, set_env: bool = True, max_concurrent_runs: int = 4) -> Path:
    """Create ``$MEMGOV_HOME/dagster`` with its ``dagster.yaml`` and return the folder.

    The file is (re)written when missing or still carrying the managed marker, so an
    operator who removes the marker keeps their own configuration. With ``set_env`` the
    process's ``DAGSTER_HOME`` points at the folder (child processes inherit it).
    """
    home = dagster_home_path()
    home.mkdir(parents=True, exist_ok=True)
    config = home / "dagster.yaml"
    wanted = dagster_yaml(max_concurrent_runs)
    if not config.exists() or (
        config.read_text(encoding="utf-8").startswith(MANAGED_MARKER)
        and config.read_text(encoding="utf-8") != wanted
    ):
        config.write_text(wanted, encoding="utf-8")
    if set_env:
        os.environ["DAGSTER_HOME"] = str(home)
    return home
