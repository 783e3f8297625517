"""Every state change of the store, one module per entity, each the only spelling of its
transitions (``grep "SET status"`` finds them here and in the migrations only):

- ``memory`` — archive, re-archive, restore (one row, or a run's undo), revive,
  quarantine and its decision, on the SET clauses of ``changes``;
- ``recorded`` — the states an act keeps and putting rows back to them (a rewind);
- ``proposal``, ``conflict``, ``review`` (held changes), ``run``, ``experiment``.

A memory's changes are the package's own names (the most used)."""

from curation._store.lifecycle.changes import ARCHIVE_SET, CHANGED, RESTORE_SET
from curation._store.lifecycle.memory import (
    archive_one,
    decide_quarantined,
    quarantine,
    rearchive,
    restore_rows,
    restore_run_archives,
    revive,
)
from curation._store.lifecycle.recorded import (
    STATE_FIELDS,
    jsonable_state,
    put_back,
    put_back_rows,
    states_of,
)

__all__ = [
    "ARCHIVE_SET",
    "CHANGED",
    "RESTORE_SET",
    "STATE_FIELDS",
    "archive_one",
    "decide_quarantined",
    "jsonable_state",
    "put_back",
    "put_back_rows",
    "quarantine",
    "rearchive",
    "restore_rows",
    "restore_run_archives",
    "revive",
    "states_of",
]
