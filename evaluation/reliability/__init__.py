"""Reliability harness: crash safety of a curation apply (``crash``) and correctness under
concurrent load (``load``). Used by tests/test_reliability_*.py with small settings and
runnable with bigger ones: ``python -m evaluation.reliability crash --kills 50`` or
``python -m evaluation.reliability load --seconds 30``. Everything runs in scratch
databases it creates and drops on the configured server (never in a real store)."""
