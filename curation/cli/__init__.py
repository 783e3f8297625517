"""The ``memgov`` command line. ``--json`` output is the stable scripting interface."""

from curation.cli.app import app, main

__all__ = ["app", "main"]
