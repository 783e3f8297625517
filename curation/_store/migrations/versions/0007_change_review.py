"""Change review: inferred supersessions held for the curator, and the labels they leave.

A supersession inferred without a key archives a memory on the change detector's word.
Until the tenant's reviewed precision earns automatic apply (``curation/_review.py``),
each is held here as ``pending`` with its evidence; the curator confirms it (the older
entry is archived ``superseded``) or rejects it (both stay). One row per (tenant, older,
newer): a later run never duplicates a pending pair nor proposes a decided one again, and
the decided rows are the labels the gate counts. An applied one is kept as
``auto_applied``. Rows belong to both memories (the foreign keys cascade, so compaction,
an explicit forget and tenant deletion take them along; the bulk swap re-adds keys that
reference ``memory`` like the others) and to their tenant (row-level security).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

APP_ROLE = "memgov_app"


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE change_review (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            older_id uuid NOT NULL,
            newer_id uuid NOT NULL,
            detail text NOT NULL,
            similarity double precision,
            evidence jsonb NOT NULL DEFAULT '{}'::jsonb,
            source text NOT NULL CHECK (source IN ('pass', 'write')),
            proposed_at timestamptz NOT NULL,
            run_id uuid,
            status text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'confirmed', 'rejected', 'auto_applied')),
            decided_at timestamptz,
            decided_by text,
            note text,
            UNIQUE (tenant, older_id, newer_id),
            FOREIGN KEY (tenant, older_id) REFERENCES memory (tenant, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant, newer_id) REFERENCES memory (tenant, id) ON DELETE CASCADE
        )
        """
    )
    op.execute("CREATE INDEX change_review_tenant_status ON change_review (tenant, status)")
    op.execute("SELECT memgov_protect_table('change_review')")
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON change_review TO {APP_ROLE}")


def downgrade() -> None:
    op.execute("DROP TABLE IF EXISTS change_review")
