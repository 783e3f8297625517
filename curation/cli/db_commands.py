"""``memgov init`` and ``memgov db ...``: the database and its schema."""

from __future__ import annotations

import typer

from curation._settings import Settings
from curation._store.database import Database

db_app = typer.Typer(help="Schema migrations.", no_args_is_help=True)


@db_app.command("upgrade")
def upgrade(revision: str = typer.Option("head", help="Target revision.")) -> None:
    """Apply migrations up to REVISION (default: head)."""
    settings = Settings.from_env()
    database = Database.from_settings(settings)
    database.upgrade(revision, embedding_dimension=settings.embedding_dimension)
    typer.echo(f"schema at revision {database.current_revision()}")


@db_app.command("current")
def current() -> None:
    """Print the schema revision and whether it is the newest."""
    database = Database.from_settings()
    state = "current" if database.is_current() else f"head is {database.head_revision()}"
    typer.echo(f"{database.current_revision()} ({state})")


def init() -> None:
    """Start the embedded database if needed and bring the schema to head."""
    settings = Settings.from_env()
    database = Database.from_settings(settings)
    database.upgrade(embedding_dimension=settings.embedding_dimension)
    where = "MEMGOV_DATABASE_URL" if settings.database_url else f"embedded at {settings.pgdata}"
    typer.echo(f"memgov ready: database {where}, schema {database.current_revision()}")
