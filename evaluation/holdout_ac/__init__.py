"""Hold-out set AC: real-world changing facts in eight new domains written in ten new wording
families, a twenty-ninth benchmark set written apart from the change detector."""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7283
)
HOLDOUT_SEED = SOURCE.seed
