"""Memgov over the network: the HTTP API (FastAPI, ``/v1``) and the MCP server.

A package of its own, above ``curation``: curation imports no web framework, and this
package imports only curation's front door (``curation`` and ``curation.cli``). Every
request is authenticated by an API key whose tenant scopes the call; the store's
row-level security does the rest.
"""

from api.app import ApiSettings, create_app

__all__ = ["ApiSettings", "create_app"]
