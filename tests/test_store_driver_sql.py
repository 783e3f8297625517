"""``DriverSql``: recall's statements on the driver's cursor read like SQLAlchemy's
``text()`` and run inside the caller's transaction."""

from __future__ import annotations

from sqlalchemy import text

from curation._store.database import Database
from curation._store.sql.driver import DriverSql


def test_parameters_are_translated_and_casts_and_percent_signs_are_left_alone() -> None:
    statement = DriverSql("SELECT :a, CAST(:b AS int), now()::date, 'x:y', '50%' WHERE :c = 1")
    assert statement.sql == (
        "SELECT %(a)s, CAST(%(b)s AS int), now()::date, 'x:y', '50%%' WHERE %(c)s = 1"
    )


def test_rows_are_named_tuples_read_in_the_callers_transaction(database: Database) -> None:
    statement = DriverSql(
        "SELECT set_config('memgov.probe', :v, true) AS probe, CAST(:n AS int) + 1 AS next,"
        " '100%' AS share"
    )
    with database.engine.begin() as conn:
        row = statement.first(conn, {"v": "seen", "n": 41})
        assert row is not None and (row.probe, row.next, row.share) == ("seen", 42, "100%")
        # the setting is local to the transaction: SQLAlchemy's statements on the same
        # connection see it, so both run in one transaction
        seen = conn.execute(text("SELECT current_setting('memgov.probe', true)")).scalar()
        assert seen == "seen"
    assert DriverSql("SELECT 1 AS one WHERE false").first(database.engine.connect(), {}) is None
