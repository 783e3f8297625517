"""Runs started in this process (``memgov demo``) under the code location of
``workspace.yaml``, so the Dagster UI that ``make up`` starts lists them like the runs of
its own schedule and sensors: its Overview timeline drops a run with no repository origin.

``execute_in_process`` creates its run through ``DagsterInstance.create_run_for_job``,
which takes the run's ``remote_job_origin`` but is never handed one (Dagster 1.13); for
the block below it is. The origin comes from ``workspace.yaml`` itself (parsed, no code
server started), so the location and its name are written once, there."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dagster import DagsterInstance
from dagster._core.definitions.repository_definition.valid_definitions import (
    SINGLETON_REPOSITORY_NAME,
)
from dagster._core.remote_origin import RemoteJobOrigin, RemoteRepositoryOrigin
from dagster._core.workspace.load_target import WorkspaceFileTarget

WORKSPACE = Path(__file__).resolve().parent.parent / "workspace.yaml"


def workspace_job_origin(job_name: str, workspace: Path = WORKSPACE) -> RemoteJobOrigin:
    """The origin the workspace's UI knows ``job_name`` by (its one code location)."""
    (location,) = WorkspaceFileTarget(paths=[str(workspace)]).create_origins()
    return RemoteJobOrigin(RemoteRepositoryOrigin(location, SINGLETON_REPOSITORY_NAME), job_name)


@contextmanager
def runs_under(instance: DagsterInstance, origin: RemoteJobOrigin) -> Iterator[None]:
    """Every run ``instance`` creates in this block carries ``origin``."""
    create = instance.create_run_for_job
    instance.create_run_for_job = functools.partial(  # type: ignore[method-assign]
        create, remote_job_origin=origin
    )
    try:
        yield
    finally:
        del instance.create_run_for_job
