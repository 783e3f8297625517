"""Alembic migrations, run programmatically by ``memgov db upgrade``."""
