"""A new, empty MLflow store for a test: a copy of one made once per test process.
Creating an SQLite store runs MLflow's schema migrations (seconds, each time); a copy of
the migrated, empty file is the same store in milliseconds."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

_made: list[Path] = []


def fresh_mlflow_uri(path: Path) -> str:
    """``sqlite:///`` URI of an empty MLflow store at ``path`` (its folder is created)."""
    if not _made:
        folder = Path(tempfile.mkdtemp(prefix="mg-mlflow-", dir="/tmp"))
        atexit.register(shutil.rmtree, folder, True)
        from mlflow.tracking import MlflowClient

        template = folder / "mlflow.db"
        MlflowClient(tracking_uri=f"sqlite:///{template}").search_experiments()
        _made.append(template)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_made[0], path)
    return f"sqlite:///{path}"
