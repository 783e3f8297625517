"""The Node client's types, ``clients/node/src/schema.d.ts``: generated, never committed.

    python tools/node_types.py [--source URL_OR_FILE] [--out PATH]

Runs openapi-typescript (the client's dev dependency, installed by ``make node``) on the
API's OpenAPI document: by default the one the app states, built here without a store or
a server, so the build needs no network; ``--source`` takes a running server's
``/openapi.json`` instead. ``make node`` writes the types before the tests, and
tests/test_api_node.py checks that the two sources give the same file.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from pathlib import Path

from api.app import openapi_document

NODE_DIR = Path(__file__).resolve().parent.parent / "clients" / "node"
TYPES = NODE_DIR / "src" / "schema.d.ts"


def generate(out: Path = TYPES, source: str | None = None) -> Path:
    """``out`` written from ``source`` (default: the app's own document)."""
    with tempfile.TemporaryDirectory() as tmp:
        if source is None:
            document = Path(tmp) / "openapi.json"
            document.write_text(json.dumps(openapi_document()))
            source = str(document)
        subprocess.run(
            [NODE_DIR / "node_modules" / ".bin" / "openapi-typescript", source, "-o", out],
            cwd=NODE_DIR,
            check=True,
            capture_output=True,
            timeout=120,
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="the Node client's types, generated")
    parser.add_argument("--source", help="an OpenAPI document's URL or file")
    parser.add_argument("--out", type=Path, default=TYPES)
    args = parser.parse_args()
    generate(args.out.resolve(), args.source)


if __name__ == "__main__":
    main()
