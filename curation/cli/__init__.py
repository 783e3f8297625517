"""The ``memgov`` command line. ``--json`` output is the stable scripting interface.

Plugins (``memgov.cli`` entry points) import the helpers they share with the built-in
commands from here; the submodules are private to the command line.
"""

from curation.cli.app import app, main
from curation.cli.context import open_store, parse_now
from curation.cli.output import emit_json, progress_bar

__all__ = ["app", "emit_json", "main", "open_store", "parse_now", "progress_bar"]
