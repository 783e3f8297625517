"""``memgov bench``: performance of a full curation pass at 10k-1M memories against the
reference approach of source 001, recall under concurrent load, ingest and embedding
rates, memory and database size (issue 7). Entry: ``evaluation.perf.cli.register``;
standalone: ``python -m evaluation.perf --n 100000``."""
