"""Honest run and proposal states, and a run's real time.

- ``curation_run.status`` gains ``undone`` (an undone run no longer reads ``applied``) and
  ``undone_at`` records when; a second undo finds it and reverts nothing.
- ``proposal.status`` gains ``withdrawn``: a proposal taken back by undoing its run was
  never decided by a curator, so it is not ``rejected`` (existing ones are moved over).
- ``curation_run.recorded_at``: the store clock's time when the run was made, beside
  ``started_at`` (the time the run acted at, ``--now``). The rolling prune cap counts by
  both, so a back-dated run cannot slip its archives outside the window.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from alembic import op

from curation._store.migrations.steps import replace_check

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    replace_check(
        "curation_run",
        "curation_run_status_check",
        "status IN ('running','applied','dry_run','failed','undone')",
    )
    op.execute("ALTER TABLE curation_run ADD COLUMN undone_at timestamptz")
    op.execute("ALTER TABLE curation_run ADD COLUMN recorded_at timestamptz")
    # nullable: a run from before (or from an older dump) counts by its started_at
    op.execute("CREATE INDEX curation_run_recorded ON curation_run (tenant, recorded_at)")
    replace_check(
        "proposal",
        "proposal_status_check",
        "status IN ('pending','approved','rejected','unmerged','withdrawn')",
    )
    op.execute(_RESTATE_EXISTING)


# Row-level security is FORCEd (the owner is filtered too): the existing rows are moved
# tenant by tenant, each under its own memgov.tenant. A run counts as undone when its undo
# restored something or withdrew a proposal (an undo that reverted nothing left no trace).
_RESTATE_EXISTING = """
DO $$
DECLARE t text;
BEGIN
    FOR t IN SELECT name FROM tenant LOOP
        PERFORM set_config('memgov.tenant', t, true);
        UPDATE curation_run SET recorded_at = started_at WHERE tenant = t;
        UPDATE curation_run r SET status = 'undone', undone_at = coalesce(
            (SELECT min(e.at) FROM event e WHERE e.tenant = t AND e.type = 'restore'
               AND e.run_id = r.id AND e.data ->> 'undo_of_run' = r.id::text),
            (SELECT min(p.decided_at) FROM proposal p WHERE p.tenant = t AND p.run_id = r.id
               AND p.decided_by LIKE 'undo:%'))
        WHERE r.tenant = t AND r.status = 'applied' AND (
            EXISTS (SELECT 1 FROM event e WHERE e.tenant = t AND e.type = 'restore'
                    AND e.run_id = r.id AND e.data ->> 'undo_of_run' = r.id::text)
            OR EXISTS (SELECT 1 FROM proposal p WHERE p.tenant = t AND p.run_id = r.id
                       AND p.decided_by LIKE 'undo:%'));
        UPDATE proposal SET status = 'withdrawn'
        WHERE tenant = t AND status = 'rejected' AND decided_by LIKE 'undo:%';
    END LOOP;
    PERFORM set_config('memgov.tenant', '', true);
END $$;
"""


def downgrade() -> None:
    op.execute("UPDATE proposal SET status = 'rejected' WHERE status = 'withdrawn'")
    replace_check(
        "proposal",
        "proposal_status_check",
        "status IN ('pending','approved','rejected','unmerged')",
    )
    op.execute("DROP INDEX IF EXISTS curation_run_recorded")
    op.execute("UPDATE curation_run SET status = 'applied' WHERE status = 'undone'")
    op.execute("ALTER TABLE curation_run DROP COLUMN recorded_at")
    op.execute("ALTER TABLE curation_run DROP COLUMN undone_at")
    replace_check(
        "curation_run",
        "curation_run_status_check",
        "status IN ('running','applied','dry_run','failed')",
    )
