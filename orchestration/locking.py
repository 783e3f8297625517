"""The tenant's advisory lock, as the Dagster steps that write take it.

Two runs for one tenant never overlap where it matters: the steps that write
(``raw_history`` imports, ``curated_store`` applies, compaction deletes) each hold the
tenant's PostgreSQL advisory lock (``curation._store.locks.curation_lock``) for their
whole duration. A step that finds it held does not wait: it fails at once with
``CurationLockedError``'s message ("a curation run for tenant 'x' is already in
progress") and writes nothing; the run is marked failed and can simply be re-run.
Across processes and machines the lock lives in PostgreSQL, so this holds for the
multiprocess executor, for several run workers and for the ``memgov`` CLI alike.

On top of it the run queue keeps a second run of a tenant from even starting while
one is in progress (``tag_concurrency_limits`` on the ``memgov/tenant`` tag, see
``orchestration.instance``); in-process executions (tests, ``materialize``) bypass the
queue, and the lock is what refuses them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from dagster import Failure, MetadataValue
from sqlalchemy import Connection

from curation import CurationLockedError, MemoryStore, curation_lock, lock_name


def locked_failure(tenant: str, step: str, exc: CurationLockedError) -> Failure:
    return Failure(
        description=(
            f"{exc}. This run was refused at step '{step}' and wrote nothing: two curation "
            f"runs for one tenant never overlap. Let the running one finish (or find the "
            f"session holding advisory lock '{lock_name(tenant)}'), then re-run the partition."
        ),
        metadata={
            "tenant": MetadataValue.text(tenant),
            "lock": MetadataValue.text(lock_name(tenant)),
            "error": MetadataValue.text(f"CurationLockedError: {exc}"),
        },
        allow_retries=False,
    )


@contextmanager
def tenant_lock(store: MemoryStore, tenant: str, step: str) -> Iterator[Connection]:
    """Hold the tenant's lock for the body; refuse at once (a ``dagster.Failure`` carrying
    the ``CurationLockedError`` message) if another session holds it."""
    with ExitStack() as stack:
        try:
            conn = stack.enter_context(curation_lock(store.db, tenant))
        except CurationLockedError as exc:
            raise locked_failure(tenant, step, exc) from exc
        yield conn
