"""``memgov demo``'s content: ``fleet`` is the scripted demo fleet (two tenants, 60
simulated days, the questions and their current truth), ``steps`` loads it into the demo
database, asks, curates and prints. Names load lazily (``evaluation._lazy``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evaluation._lazy import lazy_exports, type_checking_exports

if TYPE_CHECKING:
    from evaluation.demo.fleet import NOW as NOW
    from evaluation.demo.fleet import TenantScript as TenantScript
    from evaluation.demo.fleet import demo_fleet as demo_fleet
    from evaluation.demo.steps import DEMO_DATABASE as DEMO_DATABASE
    from evaluation.demo.steps import Print as Print
    from evaluation.demo.steps import curation_line as curation_line
    from evaluation.demo.steps import demo_database as demo_database
    from evaluation.demo.steps import run_demo as run_demo

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
__all__ = sorted(_EXPORTS)
