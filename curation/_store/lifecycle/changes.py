"""The SET clauses of a memory's state changes, archive and restore: the only spelling of
either. Every change bumps the row's ``version`` (what optimistic plans and recall caches
key on) and stamps ``updated_at``; the bulk statements of a run's apply and undo and the
curator's acts embed these clauses."""

from __future__ import annotations

# Any change of a row: what optimistic plans and recall caches key on.
CHANGED = "version = version + 1, updated_at = :now"


def archived_at(at: str) -> str:
    """Archive as of ``at`` (a SQL expression): the caller supplies archive_reason (and
    superseded_by/parent_id when it sets them)."""
    return f"status = 'archived', archived_at = {at}, {CHANGED}"


# Archive now.
ARCHIVE_SET = archived_at(":now")
# Restore: back to the active set with every trace of the archive cleared.
RESTORE_SET = (
    f"status = 'active', archive_reason = NULL, archived_at = NULL, superseded_by = NULL, {CHANGED}"
)
