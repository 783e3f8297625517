"""Memgov over the network: the HTTP API (FastAPI, ``/v1``) and the MCP server.

A package of its own, above ``curation``: curation imports no web framework, and this
package imports only curation's front door (``curation`` and ``curation.cli``). Every
request is authenticated by an API key whose tenant scopes the call; the store's
row-level security does the rest.

The app is loaded on first use, not on import: ``memgov`` imports ``api.cli`` at every
start (its commands register then), and FastAPI plus the MCP SDK cost ~1.5 s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.app import ApiSettings, create_app

__all__ = ["ApiSettings", "create_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from api import app

        return getattr(app, name)
    raise AttributeError(f"module 'api' has no attribute {name!r}")
