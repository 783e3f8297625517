"""Initial schema: tenants, the write-once vector table, the narrow state table, history.

Why two memory tables: an UPDATE on a row of a table carrying an HNSW index re-inserts the
row into the vector index (~360 rows/s); the same UPDATE on a narrow table runs at ~200k
rows/s. So content and embedding are insert-only in ``memory`` (partitioned per tenant, each
partition with its own HNSW index, so a tenant's search never filters out other tenants'
rows), while everything curation and recall change lives in ``memory_state``.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from alembic import context, op

from curation._store.migrations.steps import ensure_tenant_function

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    dimension = int(context.config.attributes.get("embedding_dimension", 384))
    op.execute("CREATE EXTENSION IF NOT EXISTS vector")
    op.execute(
        """
        CREATE TABLE store_meta (
            key text PRIMARY KEY,
            value text NOT NULL
        )
        """
    )
    op.execute(f"INSERT INTO store_meta (key, value) VALUES ('embedding_dimension', '{dimension}')")
    op.execute(
        """
        CREATE TABLE tenant (
            name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 128),
            partition_name text NOT NULL UNIQUE,
            policy jsonb NOT NULL DEFAULT '{}'::jsonb,
            created_at timestamptz NOT NULL
        )
        """
    )
    op.execute(
        f"""
        CREATE TABLE memory (
            tenant text NOT NULL,
            id uuid NOT NULL,
            kind text NOT NULL CHECK (kind IN ('tool_output','conversation','fact','preference')),
            content text NOT NULL,
            content_hash text NOT NULL,
            embedding vector({dimension}) NOT NULL,
            embedding_model text NOT NULL,
            supersession_key text,
            topic text,
            source text,
            metadata jsonb NOT NULL DEFAULT '{{}}'::jsonb,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (tenant, id),
            UNIQUE (tenant, content_hash)
        ) PARTITION BY LIST (tenant)
        """
    )
    op.execute(
        "CREATE INDEX memory_embedding_hnsw ON memory USING hnsw (embedding vector_cosine_ops)"
    )
    op.execute("CREATE INDEX memory_tenant_key ON memory (tenant, supersession_key)")
    op.execute(
        """
        CREATE TABLE memory_state (
            tenant text NOT NULL,
            memory_id uuid NOT NULL,
            kind text NOT NULL,
            importance double precision NOT NULL CHECK (importance BETWEEN 0 AND 1),
            generality integer NOT NULL CHECK (generality >= 0),
            proven integer NOT NULL DEFAULT 0 CHECK (proven >= 0),
            recall_count integer NOT NULL DEFAULT 0 CHECK (recall_count >= 0),
            last_recalled_at timestamptz,
            pinned boolean NOT NULL DEFAULT false,
            status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','archived')),
            archive_reason text CHECK (archive_reason IN
                ('superseded','duplicate','decayed','subsumed','retired')),
            archived_at timestamptz,
            superseded_by uuid,
            parent_id uuid,
            version bigint NOT NULL DEFAULT 1,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (tenant, memory_id),
            FOREIGN KEY (tenant, memory_id) REFERENCES memory (tenant, id) ON DELETE CASCADE,
            CHECK ((status = 'active') = (archive_reason IS NULL))
        )
        """
    )
    op.execute("CREATE INDEX memory_state_tenant_status ON memory_state (tenant, status, kind)")
    op.execute("CREATE INDEX memory_state_parent ON memory_state (tenant, parent_id)")
    op.execute(
        """
        CREATE TABLE conflict (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            memory_id uuid NOT NULL,
            claim text NOT NULL,
            evidence text NOT NULL,
            source text NOT NULL,
            related_memory_id uuid,
            detected_by text NOT NULL DEFAULT 'contest',
            at timestamptz NOT NULL,
            status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','dismissed','resolved')),
            resolution text CHECK (resolution IN ('replace','narrow','retire','dismiss')),
            resolution_note text,
            resolved_at timestamptz,
            resolved_by text,
            FOREIGN KEY (tenant, memory_id) REFERENCES memory (tenant, id) ON DELETE CASCADE
        )
        """
    )
    op.execute("CREATE INDEX conflict_tenant_status ON conflict (tenant, status)")
    op.execute("CREATE INDEX conflict_memory ON conflict (tenant, memory_id)")
    op.execute(
        """
        CREATE TABLE proposal (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            kind text NOT NULL,
            text text NOT NULL,
            member_ids uuid[] NOT NULL,
            generality integer NOT NULL,
            evidence jsonb NOT NULL DEFAULT '{}'::jsonb,
            status text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending','approved','rejected','unmerged')),
            principle_id uuid,
            run_id uuid,
            created_at timestamptz NOT NULL,
            decided_at timestamptz,
            decided_by text
        )
        """
    )
    op.execute("CREATE INDEX proposal_tenant_status ON proposal (tenant, status)")
    op.execute(
        """
        CREATE TABLE event (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            tenant text NOT NULL,
            type text NOT NULL,
            memory_id uuid,
            related_ids uuid[] NOT NULL DEFAULT '{}',
            actor text NOT NULL,
            reason text,
            run_id uuid,
            data jsonb NOT NULL DEFAULT '{}'::jsonb,
            at timestamptz NOT NULL
        )
        """
    )
    op.execute("CREATE INDEX event_tenant_memory ON event (tenant, memory_id)")
    op.execute("CREATE INDEX event_related ON event USING gin (related_ids)")
    op.execute("CREATE INDEX event_tenant_type_at ON event (tenant, type, at)")
    op.execute("CREATE INDEX event_run ON event (run_id)")
    # History is append-only: the database itself refuses to rewrite it.
    op.execute(
        """
        CREATE FUNCTION memgov_refuse_history_rewrite() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'event history is append-only: % refused', TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END $$
        """
    )
    op.execute(
        """
        CREATE TRIGGER event_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON event
        FOR EACH STATEMENT EXECUTE FUNCTION memgov_refuse_history_rewrite()
        """
    )
    op.execute(
        """
        CREATE TABLE golden_probe (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            query text NOT NULL,
            expected_ids uuid[] NOT NULL,
            k integer NOT NULL DEFAULT 6 CHECK (k > 0),
            created_at timestamptz NOT NULL
        )
        """
    )
    op.execute("CREATE INDEX golden_probe_tenant ON golden_probe (tenant)")
    op.execute(
        """
        CREATE TABLE curation_run (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            started_at timestamptz NOT NULL,
            finished_at timestamptz,
            dry_run boolean NOT NULL,
            status text NOT NULL DEFAULT 'running'
                CHECK (status IN ('running','applied','dry_run','failed')),
            report jsonb NOT NULL DEFAULT '{}'::jsonb,
            policy jsonb NOT NULL DEFAULT '{}'::jsonb
        )
        """
    )
    op.execute("CREATE INDEX curation_run_tenant ON curation_run (tenant, started_at)")
    op.execute(ensure_tenant_function())


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS memgov_ensure_tenant(text, timestamptz)")
    for table in ("curation_run", "golden_probe"):
        op.execute(f"DROP TABLE IF EXISTS {table}")
    op.execute("DROP TABLE IF EXISTS event")
    op.execute("DROP FUNCTION IF EXISTS memgov_refuse_history_rewrite()")
    for table in ("proposal", "conflict", "memory_state", "memory", "tenant", "store_meta"):
        op.execute(f"DROP TABLE IF EXISTS {table} CASCADE")
