"""Hold-out wording set for change detection (filled in by the next commits)."""
