"""The trust gate's quarantine.

- ``memory_state.status`` gains ``quarantined``: an instruction-like write from a source
  below the tenant's trust threshold is stored but never recalled (raw mode included)
  until a curator releases it (``active``) or rejects it (``archived``, reason
  ``rejected``). Only an archived row carries an archive reason.
- ``memory_state.quarantine_reason``: why the gate held it (what it found, where).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04
"""

from alembic import op

from curation._store.migrations.steps import replace_check

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    replace_check(
        "memory_state", "memory_state_status_check", "status IN ('active','archived','quarantined')"
    )
    replace_check(
        "memory_state", "memory_state_check", "(status = 'archived') = (archive_reason IS NOT NULL)"
    )
    replace_check(
        "memory_state",
        "memory_state_archive_reason_check",
        "archive_reason IN ('superseded','duplicate','decayed','subsumed','retired','rejected')",
    )
    op.execute("ALTER TABLE memory_state ADD COLUMN quarantine_reason text")


def downgrade() -> None:
    # a held write was never recallable: it leaves as a rejected one would
    op.execute(
        "UPDATE memory_state SET status = 'archived', archive_reason = 'retired',"
        " archived_at = updated_at WHERE status = 'quarantined'"
    )
    op.execute(
        "UPDATE memory_state SET archive_reason = 'retired' WHERE archive_reason = 'rejected'"
    )
    op.execute("ALTER TABLE memory_state DROP COLUMN quarantine_reason")
    replace_check(
        "memory_state",
        "memory_state_archive_reason_check",
        "archive_reason IN ('superseded','duplicate','decayed','subsumed','retired')",
    )
    replace_check(
        "memory_state", "memory_state_check", "(status = 'active') = (archive_reason IS NULL)"
    )
    replace_check("memory_state", "memory_state_status_check", "status IN ('active','archived')")
