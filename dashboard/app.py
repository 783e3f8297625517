"""Memgov's dashboard: ``streamlit run dashboard/app.py`` (or ``python -m dashboard``).

A multipage app (``st.navigation``): this entrypoint runs on every rerun, draws the shared
sidebar with the tenant selector, then runs the selected page from ``views/``. Pages read
and act only through ``dashboard.data``.

The page files live in ``views/``, not ``pages/``: with ``st.navigation`` a ``pages/``
folder has no meaning, and streamlit's AppTest (1.67) would run a switched-to file from a
``pages/`` folder on its own, without this entrypoint and its sidebar.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

try:
    from dashboard import ui
except ModuleNotFoundError:  # run from a source checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from dashboard import ui

st.set_page_config(page_title="Memgov", page_icon=":material/memory:", layout="wide")

PAGES = [
    st.Page("views/overview.py", title="Overview", icon=":material/monitoring:", default=True),
    st.Page("views/curator_queue.py", title="Curator queue", icon=":material/fact_check:"),
    st.Page("views/archive.py", title="Archive explorer", icon=":material/inventory_2:"),
    st.Page("views/recall.py", title="Recall playground", icon=":material/manage_search:"),
    st.Page("views/experiments.py", title="Experiments", icon=":material/science:"),
]

ui.sidebar()
page = st.navigation(PAGES)
page.run()
