"""``memgov demo``'s content: ``fleet`` is the scripted demo fleet (two tenants, 60
simulated days, the questions and their current truth), ``steps`` loads it into the demo
database, asks, curates and prints. Names load lazily (``evaluation._lazy``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evaluation._lazy import lazy_exports, type_checking_exports

if TYPE_CHECKING:
    from evaluation.demo.fleet import NOW, TenantScript, demo_fleet
    from evaluation.demo.steps import (
        DEMO_DATABASE,
        Print,
        curation_line,
        demo_database,
        run_demo,
    )

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "DEMO_DATABASE",
    "NOW",
    "Print",
    "TenantScript",
    "curation_line",
    "demo_database",
    "demo_fleet",
    "run_demo",
]
