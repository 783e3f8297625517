"""Claims: the sentences of a memory of the kinds the policy names, each with its vector.

A long dialogue turn states many things at once and its one vector matches a question
about one of them weakly (``curation/_claims.py``). At write time such a memory's claims
are embedded and stored here, insert-only like ``memory`` itself; curated recall reads
the best-matching claim of each candidate. Rows belong to their memory (the foreign key
cascades, so compaction and tenant deletion take them along; the bulk swap re-adds the
key like the others that reference ``memory``) and to their tenant (row-level security,
the tenant policy). The app may read, insert and — through the cascade — delete them.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from alembic import op
from sqlalchemy import text

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

APP_ROLE = "memgov_app"


def upgrade() -> None:
    # the store's dimension, fixed by 0001 (a store upgraded later keeps its own)
    dimension = int(
        op.get_bind()
        .execute(text("SELECT value FROM store_meta WHERE key = 'embedding_dimension'"))
        .scalar_one()
    )
    op.execute(
        f"""
        CREATE TABLE memory_claim (
            tenant text NOT NULL REFERENCES tenant (name),
            memory_id uuid NOT NULL,
            ordinal int NOT NULL CHECK (ordinal >= 0),
            content text NOT NULL,
            embedding vector({dimension}) NOT NULL,
            PRIMARY KEY (tenant, memory_id, ordinal),
            FOREIGN KEY (tenant, memory_id) REFERENCES memory (tenant, id) ON DELETE CASCADE
        )
        """
    )
    op.execute("SELECT memgov_protect_table('memory_claim')")
    op.execute(f"GRANT SELECT, INSERT, DELETE ON memory_claim TO {APP_ROLE}")


def downgrade() -> None:
    op.execute("DROP TABLE IF EXISTS memory_claim")
