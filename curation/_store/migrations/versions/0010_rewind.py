"""Rewind: a memory written after the moment a tenant is rewound to is archived
``rewound`` (never deleted), so its undo can bring it back.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04
"""

from alembic import op

from curation._store.migrations.steps import replace_check

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

_REASONS = "'superseded','duplicate','decayed','subsumed','retired','rejected'"


def _reasons(extra: str) -> None:
    replace_check(
        "memory_state",
        "memory_state_archive_reason_check",
        f"archive_reason IN ({_REASONS}{extra})",
    )


def upgrade() -> None:
    _reasons(",'rewound'")


def downgrade() -> None:
    # a rewound write was out of recall: it leaves as a retired one would (tenant by
    # tenant: row-level security is FORCEd, the owner is filtered too)
    op.execute(
        """
        DO $$
        DECLARE t text;
        BEGIN
            FOR t IN SELECT name FROM tenant LOOP
                PERFORM set_config('memgov.tenant', t, true);
                UPDATE memory_state SET archive_reason = 'retired'
                WHERE tenant = t AND archive_reason = 'rewound';
            END LOOP;
            PERFORM set_config('memgov.tenant', '', true);
        END $$;
        """
    )
    _reasons("")
