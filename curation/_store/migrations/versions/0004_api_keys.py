"""API keys: how an HTTP or MCP client proves which tenant it acts for.

A key is a random secret shown once; only its SHA-256 is stored (the secret has 256 bits
of entropy, so a slow password hash would add nothing). Each key belongs to one tenant and
has one scope: ``agent`` (remember, recall, feedback, ...) or ``curator`` (the curator's
acts as well). A revoked key keeps its row (``revoked_at``) so the history stays readable.

``api_key`` is a tenant table like the others (forced row-level security, the tenant
policy). A request arrives before its tenant is known, so the one cross-tenant read it
needs is ``memgov_authenticate(hash, at)`` (SECURITY DEFINER, like ``memgov_tenants``):
it answers only for the exact hash of a live key, returns the key's row (not its hash), and
stamps ``last_used_at`` (at most once a minute, so recall does not write on every call).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from alembic import op

from curation._store.migrations.steps import current_schema, only_role_executes

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

APP_ROLE = "memgov_app"

_AUTHENTICATE = """
CREATE FUNCTION memgov_authenticate(p_hash text, p_at timestamptz)
RETURNS TABLE (id uuid, tenant text, name text, scope text, created_at timestamptz,
               last_used_at timestamptz, revoked_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {search_path} AS $$
#variable_conflict use_column
BEGIN
    UPDATE api_key k SET last_used_at = p_at
     WHERE k.key_hash = p_hash AND k.revoked_at IS NULL
       AND (k.last_used_at IS NULL OR k.last_used_at < p_at - interval '60 seconds');
    RETURN QUERY SELECT k.id, k.tenant, k.name, k.scope, k.created_at, k.last_used_at,
                        k.revoked_at FROM api_key k
     WHERE k.key_hash = p_hash AND k.revoked_at IS NULL;
END $$
"""


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE api_key (
            id uuid PRIMARY KEY,
            tenant text NOT NULL REFERENCES tenant (name),
            name text NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
            scope text NOT NULL CHECK (scope IN ('agent', 'curator')),
            key_hash text NOT NULL UNIQUE CHECK (length(key_hash) = 64),
            created_at timestamptz NOT NULL,
            last_used_at timestamptz,
            revoked_at timestamptz
        )
        """
    )
    op.execute("CREATE INDEX api_key_tenant ON api_key (tenant, created_at)")
    op.execute("SELECT memgov_protect_table('api_key')")
    op.execute(f"GRANT SELECT, INSERT, UPDATE ON api_key TO {APP_ROLE}")
    # FORCE filters the owner too; the owner (the definer of memgov_authenticate) reads
    # and stamps keys by hash. A no-op for a superuser owner, which bypasses RLS anyway.
    op.execute(
        "CREATE POLICY memgov_owner_authenticates ON api_key TO CURRENT_USER "
        "USING (true) WITH CHECK (true)"
    )
    op.execute(_AUTHENTICATE.format(search_path=f"{current_schema()}, pg_temp"))
    only_role_executes("memgov_authenticate(text, timestamptz)", APP_ROLE)


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS memgov_authenticate(text, timestamptz)")
    op.execute("DROP TABLE IF EXISTS api_key")
