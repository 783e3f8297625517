"""A disk cache of benchmark embeddings keyed by (model, text), so re-runs skip the model.

A full LoCoMo or LongMemEval run embeds ~8-11k texts (about a minute of CPU on MiniLM);
iterating on curation re-embeds the same texts every time. The cache is one SQLite file
per machine (``$MEMGOV_EMBED_CACHE`` or ``~/.cache/memgov/embeddings.sqlite``); a row is
the float32 vector of one text under one model name, keyed by sha256(model, text). The
vectors are the model's own, so the store accepts them exactly as if freshly computed.
``MEMGOV_EMBED_CACHE=off`` disables it.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from curation import Embedder, Settings, Vectors

_OFF = {"off", "0", "none", ""}


def cache_path() -> Path | None:
    configured = Settings.from_env().embed_cache
    if configured is not None:
        return None if configured.strip().lower() in _OFF else Path(configured)
    return Path.home() / ".cache" / "memgov" / "embeddings.sqlite"


def explicit_cache_path() -> Path | None:
    """The cache only when MEMGOV_EMBED_CACHE names one (scheduled runs and tests do not
    write to the user's home unasked)."""
    return cache_path() if Settings.from_env().embed_cache else None


def _key(model: str, text: str) -> str:
    return hashlib.sha256(f"{model}\x00{text}".encode()).hexdigest()


def embed_cached(embedder: Embedder, texts: Sequence[str], path: Path | None) -> Vectors:
    """``embedder.embed(texts)`` with hits read from and misses written to ``path``."""
    if path is None or not texts:
        return embedder.embed(texts)
    path.parent.mkdir(parents=True, exist_ok=True)
    keys = [_key(embedder.model_name, t) for t in texts]
    found: dict[str, np.ndarray] = {}
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, v BLOB)")
        unique = list(dict.fromkeys(keys))
        for start in range(0, len(unique), 900):
            chunk = unique[start : start + 900]
            marks = ",".join("?" * len(chunk))
            for key, blob in db.execute(
                f"SELECT key, v FROM vectors WHERE key IN ({marks})", chunk
            ):
                vector = np.frombuffer(blob, dtype=np.float32)
                if vector.shape == (embedder.dimension,):
                    found[key] = vector
        missing = list(dict.fromkeys(t for t, k in zip(texts, keys, strict=True) if k not in found))
        if missing:
            vectors = np.asarray(embedder.embed(missing), dtype=np.float32)
            rows = []
            for text, vector in zip(missing, vectors, strict=True):
                key = _key(embedder.model_name, text)
                found[key] = vector
                rows.append((key, vector.tobytes()))
            db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)
    return np.stack([found[k] for k in keys]).astype(np.float32)
