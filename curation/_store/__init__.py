"""Memgov."""
