"""The ONNX Runtime MiniLM path gives sentence-transformers' vectors (same weights, same
pooling, same truncation), deterministically, in input order whatever the batching,
loading its model once per process and without importing torch; the int8 file the bench
measures is close to them but not equal; a bad backend name is a typed error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from curation import MiniLMEmbedder, ValidationError
from curation import _onnx_minilm as onnx_minilm
from curation import _onnx_models as onnx_models

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

TEXTS = [
    "",
    "hello",
    "The user prefers dark mode in the editor.",
    "Deploy to staging every Friday at 5pm unless the release manager says otherwise.",
    "Café, naïve, résumé — 日本語のテキスト and an emoji 🙂",
    "word " * 400,  # past the 256-token limit: both paths must truncate alike
    "SELECT * FROM memory WHERE tenant = 'acme' AND kind = 'fact';",
    "   leading and trailing spaces   ",
    "UPPER CASE and lower case",
    "numbers 3.14159 2,718 1e-9 42",
    *[f"memory number {i} about topic {i % 7} with detail {i * 13}" for i in range(30)],
]


@pytest.fixture(scope="module")
def onnx_vectors() -> np.ndarray:
    return MiniLMEmbedder(backend="onnx").embed(TEXTS)


@pytest.fixture(scope="module")
def torch_vectors() -> np.ndarray:
    return MiniLMEmbedder(backend="torch").embed(TEXTS)


def test_fp32_vectors_equal_sentence_transformers(
    onnx_vectors: np.ndarray, torch_vectors: np.ndarray
) -> None:
    assert onnx_vectors.shape == torch_vectors.shape == (len(TEXTS), 384)
    cosines = (onnx_vectors * torch_vectors).sum(axis=1)
    assert cosines.min() >= 0.999, (cosines.argmin(), cosines.min())
    np.testing.assert_allclose(np.linalg.norm(onnx_vectors, axis=1), 1.0, atol=1e-5)


def test_deterministic_and_independent_of_batching(onnx_vectors: np.ndarray) -> None:
    again = MiniLMEmbedder(backend="onnx").embed(TEXTS)
    assert np.array_equal(again, onnx_vectors)
    reversed_order = MiniLMEmbedder(backend="onnx", batch_size=7).embed(TEXTS[::-1])[::-1]
    np.testing.assert_allclose(reversed_order, onnx_vectors, atol=1e-5)
    one_by_one = np.vstack([MiniLMEmbedder(backend="onnx").embed([t]) for t in TEXTS])
    np.testing.assert_allclose(one_by_one, onnx_vectors, atol=1e-5)  # no padding at all


def test_length_sorted_batches_return_rows_in_input_order(onnx_vectors: np.ndarray) -> None:
    order = np.random.default_rng(3).permutation(len(TEXTS))
    shuffled = onnx_minilm.embed([TEXTS[i] for i in order], batch_size=4)
    np.testing.assert_allclose(shuffled, onnx_vectors[order], atol=1e-5)
    one_batch = onnx_minilm.embed(TEXTS, batch_size=len(TEXTS))  # unsorted: one padded batch
    np.testing.assert_allclose(one_batch, onnx_vectors, atol=1e-5)


def test_the_benchs_int8_file_is_close_to_fp32_not_equal(onnx_vectors: np.ndarray) -> None:
    quantised = onnx_minilm.embed(TEXTS, precision="int8")
    cosines = (quantised * onnx_vectors).sum(axis=1)
    assert cosines.mean() >= 0.98 and cosines.min() >= 0.95, (cosines.argmin(), cosines.min())
    assert not np.array_equal(quantised, onnx_vectors)  # why no backend offers it
    np.testing.assert_allclose(np.linalg.norm(quantised, axis=1), 1.0, atol=1e-5)
    assert onnx_models.model_path("int8").exists()


def test_length_batches_cover_every_row_once_shortest_first() -> None:
    lengths = np.random.default_rng(5).integers(1, 40, size=103).tolist()
    batches = onnx_minilm.length_batches(lengths, 16)
    assert [len(b) for b in batches] == [16] * 6 + [7]
    flat = [i for b in batches for i in b]
    assert sorted(flat) == list(range(103))
    assert [lengths[i] for i in flat] == sorted(lengths)
    assert onnx_minilm.length_batches([], 8) == []


def test_model_loads_once_per_process(onnx_vectors: np.ndarray) -> None:
    first = onnx_minilm.session(), onnx_minilm.session("int8")
    loads = onnx_minilm.loads
    for _ in range(3):
        MiniLMEmbedder(backend="onnx").embed(["another call"])
        onnx_minilm.embed(["another call"], precision="int8")
    assert onnx_minilm.session()[0] is first[0][0]
    assert onnx_minilm.session("int8")[0] is first[1][0] is not first[0][0]
    assert onnx_minilm.loads == loads >= 2
    assert set(onnx_minilm.load_seconds) == {"fp32", "int8"}  # each load measured


def test_embedding_needs_no_torch_import(onnx_vectors: np.ndarray) -> None:
    probe = (
        "import sys; from curation import MiniLMEmbedder; e = MiniLMEmbedder(); "
        "v = e.embed(['no torch here']); "
        "print(e.backend, v.shape, 'torch' in sys.modules, 'sentence_transformers' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    env.pop("MEMGOV_EMBED_BACKEND", None)
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["onnx", "(1,", "384)", "False", "False"]


def test_export_is_cached_per_weights(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    default = onnx_models.model_path()
    monkeypatch.setenv("MEMGOV_MODEL_CACHE", str(tmp_path))
    moved = onnx_models.model_path()
    assert moved.parent == tmp_path and moved.name == default.name
    assert "fp32" in moved.name and not moved.exists()
    quantised = onnx_models.model_path("int8")
    assert quantised.parent == tmp_path and "int8" in quantised.name and quantised != moved


def test_unknown_backend_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMGOV_EMBED_BACKEND", "tpu")
    with pytest.raises(ValidationError) as caught:
        MiniLMEmbedder()
    assert caught.value.field == "MEMGOV_EMBED_BACKEND" and caught.value.value == "tpu"
    monkeypatch.setenv("MEMGOV_EMBED_BACKEND", "torch")
    assert MiniLMEmbedder().backend == "torch"
