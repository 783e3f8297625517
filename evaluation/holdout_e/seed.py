"""The seed every random choice of hold-out set E derives from (validity times, samples)."""

HOLDOUT_SEED = 5_280_417
