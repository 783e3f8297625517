"""The archive page's "as of" browsing under Streamlit's AppTest, against a real store:
the curated set as it was at a picked moment (what a rewind to it restores), agent text
shown as the characters it is, a moment outside the tenant's life refused by field and
value, and entries a rewind archived found by their reason."""

from __future__ import annotations

from datetime import date, time
from pathlib import Path

import pytest
from curation_helpers import field_of
from dashboard_support import app, clear_streamlit_caches, dashboard_env, texts
from rewind_helpers import MOMENT, at, good_then_bad

from curation import MemoryStore

T = "acme"
MARKUP = "Deploy notes say <b>bold</b> and **stars** :red[colour] ![img](http://x/y.png)"


def test_archive_page_browses_the_curated_set_as_of_a_moment(
    store: MemoryStore, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    story = good_then_bad(store, T)
    marked = store.remember(T, MARKUP, now=at(20)).id
    then = story["before"]["memories"]
    active_then = {m for m in then if field_of(then, m, "status") == "active"} | {marked}
    dashboard_env(monkeypatch, database_url, tmp_path, at(45))
    clear_streamlit_caches()

    page = app("archive")
    assert not page.exception
    assert "Pick a date to see the entries that were active then." in texts(page)
    page.date_input(key="asof_date").set_value(MOMENT.date())
    page.time_input(key="asof_time").set_value(MOMENT.time()).run()
    assert not page.exception
    shown = texts(page)
    assert f"As of 2026-11-01 12:30 UTC: {len(active_then)} active" in shown, shown
    (table,) = [df.value for df in page.dataframe if "status now" in df.value.columns]
    listed = store.get_many(T, sorted(active_then))
    assert sorted(table["content"]) == sorted(
        " ".join(m.content.split())[:79] + "…" if len(m.content) > 80 else m.content for m in listed
    )
    assert MARKUP in list(table["content"])  # a plain table cell: the characters it is
    archived_now = {m.id for m in listed if m.status == "archived"}
    assert archived_now and list(table["status now"]).count("archived") == len(archived_now)
    assert f"memgov rewind -t {T} --to {MOMENT.isoformat()} --dry-run" in shown

    page.date_input(key="asof_date").set_value(date(2020, 1, 1))
    page.time_input(key="asof_time").set_value(time(0, 0)).run()
    assert any("before the tenant existed" in w.value for w in page.warning)
    assert "to=" in " ".join(w.value for w in page.warning)

    report = store.history.rewind(T, MOMENT, now=at(46))
    clear_streamlit_caches()
    page = app("archive")
    page.multiselect(key="archive_reasons").set_value(["rewound"]).run()
    assert f"{report.changes['memories_rewound']} matching archived entries" in texts(page)
    overview = app("overview")  # the rewind is the last run: shown as one, its checks pass
    assert not overview.exception and not overview.error
    assert f"rewind_to {MOMENT.isoformat()}" in texts(overview)
    assert "✘" not in texts(overview)
    clear_streamlit_caches()
