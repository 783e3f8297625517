"""Coverage-guided fuzzing (atheris) of the importer's line parser and the validators
behind it — on demand, not part of ``make test``.

    .venv/bin/pip install -e '.[fuzz]'     # atheris: a wheel for CPython 3.11, x86-64 Linux
    .venv/bin/python tests/fuzz/fuzz_importer.py -max_total_time=60 [CORPUS_DIR ...]

Any bytes make one line of a JSONL import. The property is the importer's contract:
``parse_line`` returns nothing (blank), a validated memory or a rejection — it never
raises — and a rejection names a field, gives a reason and can be written to the
rejects file and printed. A crash is saved by libFuzzer as ``crash-<sha1>``; replay it
with ``python tests/fuzz/fuzz_importer.py crash-<sha1>``.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from curation._records import RejectedRow
    from curation._store.transfer.import_lines import parse_line
    from curation._validation import MemoryInput

DIMENSION = 8  # small, so random vectors sometimes have the right length
SEEDS = [
    b'{"content": "a fact", "kind": "fact", "importance": 0.5, "metadata": {"k": [1, null]}}',
    b'{"content": "x", "embedding": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]}',
    b'{"content": "\\ud800", "topic": "t", "created_at": "2026-01-01T00:00:00Z"}',
    b'{"content": "x", "id": "2d1f6f0e-3b7a-4c8e-9d51-7b2f0c9e1a11", "pinned": true}',
]


def check_line(data: bytes) -> None:
    parsed = parse_line(data, 1, DIMENSION)
    if parsed is None:
        assert not data.strip(b" \t\r\n"), data
        return
    if isinstance(parsed, RejectedRow):
        assert parsed.field and parsed.reason, parsed
        encoded = json.dumps(parsed.to_dict(), ensure_ascii=False).encode("utf-8")
        assert encoded
        return
    assert isinstance(parsed, MemoryInput)
    parsed.content.encode("utf-8")
    json.dumps(parsed.metadata, allow_nan=False).encode("utf-8")


def main() -> None:
    argv = list(sys.argv)
    if all(arg.startswith("-") for arg in argv[1:]):  # no corpus given: start from the seeds
        corpus = Path(tempfile.mkdtemp(prefix="memgov-fuzz-"))
        for n, seed in enumerate(SEEDS):
            check_line(seed)
            (corpus / f"seed-{n}").write_bytes(seed)
        argv.append(str(corpus))
    atheris.Setup(argv, check_line)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
