"""Online experiments: agent cohorts, the exposure log and outcomes.

An experiment splits a tenant's agents (by a salted hash of the agent id) into a curated
and a raw cohort. Every recall served with an agent id is an exposure, kept with what it
returned; an outcome (success or score) arrives later for a recall, or never. Exposures
and outcomes are evidence for a decision, so like the event history they are append-only.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE experiment (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            name text NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
            raw_share double precision NOT NULL CHECK (raw_share > 0 AND raw_share < 1),
            salt text NOT NULL,
            metric text NOT NULL DEFAULT 'success' CHECK (metric IN ('success','score')),
            alpha double precision NOT NULL DEFAULT 0.05 CHECK (alpha > 0 AND alpha < 0.5),
            policy jsonb NOT NULL DEFAULT '{}'::jsonb,
            status text NOT NULL DEFAULT 'running' CHECK (status IN ('running','stopped')),
            starts_at timestamptz NOT NULL,
            ends_at timestamptz NOT NULL,
            stopped_at timestamptz,
            stop_reason text,
            created_at timestamptz NOT NULL,
            created_by text NOT NULL,
            UNIQUE (tenant, name),
            CHECK (ends_at > starts_at),
            CHECK ((status = 'stopped') = (stopped_at IS NOT NULL))
        )
        """
    )
    # At most one experiment per tenant is running at a time.
    op.execute(
        "CREATE UNIQUE INDEX experiment_one_running ON experiment (tenant) WHERE status = 'running'"
    )
    op.execute(
        """
        CREATE TABLE exposure (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            experiment_id uuid REFERENCES experiment (id),
            cohort text NOT NULL CHECK (cohort IN ('curated','raw')),
            agent_id text NOT NULL CHECK (length(agent_id) BETWEEN 1 AND 256),
            query text NOT NULL,
            returned_ids uuid[] NOT NULL DEFAULT '{}',
            at timestamptz NOT NULL
        )
        """
    )
    op.execute("CREATE INDEX exposure_experiment ON exposure (tenant, experiment_id, at)")
    op.execute("CREATE INDEX exposure_agent ON exposure (tenant, agent_id, at)")
    op.execute(
        """
        CREATE TABLE outcome (
            recall_id uuid PRIMARY KEY REFERENCES exposure (id),
            tenant text NOT NULL REFERENCES tenant (name),
            success boolean,
            score double precision CHECK (score IS NULL OR score BETWEEN -1e300 AND 1e300),
            actor text NOT NULL,
            at timestamptz NOT NULL,
            CHECK (success IS NOT NULL OR score IS NOT NULL)
        )
        """
    )
    op.execute("CREATE INDEX outcome_tenant_at ON outcome (tenant, at)")
    # One refusal for every append-only table, naming the table it guards.
    op.execute(
        """
        CREATE OR REPLACE FUNCTION memgov_refuse_history_rewrite() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION '% history is append-only: % refused', TG_TABLE_NAME, TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END $$
        """
    )
    for table in ("exposure", "outcome"):
        op.execute(
            f"""
            CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON {table}
            FOR EACH STATEMENT EXECUTE FUNCTION memgov_refuse_history_rewrite()
            """
        )


def downgrade() -> None:
    for table in ("outcome", "exposure", "experiment"):
        op.execute(f"DROP TABLE IF EXISTS {table} CASCADE")
    op.execute(
        """
        CREATE OR REPLACE FUNCTION memgov_refuse_history_rewrite() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'event history is append-only: % refused', TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END $$
        """
    )
