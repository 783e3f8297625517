"""MLflow tracking for comparisons (A/B runs, public benchmarks) with an explicit URI.

Where runs go: ``MLFLOW_TRACKING_URI`` when it is set, otherwise a SQLite store at
``$MEMGOV_HOME/mlflow.db`` (``MEMGOV_HOME`` defaults to ``./.memgov``), never an implicit
``./mlruns``. For a SQLite store, experiments created here keep their artifacts beside the
database, under ``<db dir>/mlartifacts/<experiment>`` (``$MEMGOV_HOME/mlartifacts`` by
default).

A comparison is one parent run with one nested run per arm::

    with comparison_run("ab-fleet", "fleet-2026-11", params={"policy": policy}) as cmp:
        with cmp.arm("raw") as raw:
            raw.log_metrics({"decision_quality": 0.61})
        with cmp.arm("curated") as curated:
            curated.log_metrics({"decision_quality": 0.70})
        cmp.log_metrics({"delta.decision_quality": 0.09})
        cmp.log_table("per_query", rows)

Params are flattened (``{"a": {"b": 1}}`` becomes ``a.b = "1"``), stringified, truncated
to 500 characters, and anything that looks like a credential is redacted to ``***``.
Metric values that are None, NaN or infinite are skipped silently; metric and param
names are reduced to the characters MLflow accepts (``recall@5`` becomes ``recall_at_5``).
"""

from __future__ import annotations

import csv
import dataclasses
import enum
import hashlib
import json
import math
import numbers
import re
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import mlflow
from mlflow.entities import Metric, Param, RunTag
from mlflow.exceptions import MlflowException
from mlflow.tracking import MlflowClient

from curation import Settings

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "MAX_PARAM_CHARS",
    "REDACTED",
    "Arm",
    "Comparison",
    "comparison_run",
    "ensure_experiment",
    "flatten_params",
    "memgov_home",
    "metric_key",
    "mlflow_ui_url",
    "redact_value",
    "run_link",
    "runs_frame",
    "runs_view_link",
    "tracking_uri",
]

MAX_PARAM_CHARS = 500  # MLflow's historical limit; newer servers allow more, older ones don't
MAX_TAG_CHARS = 5000
MAX_KEY_CHARS = 250
PARAMS_PER_BATCH = 100
METRICS_PER_BATCH = 1000
REDACTED = "***"
PARENT_TAG = "mlflow.parentRunId"
ARM_TAG = "memgov.arm"
KIND_TAG = "memgov.kind"

# -- where runs go --------------------------------------------------------------------


def memgov_home() -> Path:
    """``MEMGOV_HOME`` (default ``./.memgov``), absolute, created if missing."""
    home = Settings.from_env().home
    home.mkdir(parents=True, exist_ok=True)
    return home


def tracking_uri() -> str:
    """``MLFLOW_TRACKING_URI`` if set, else ``sqlite:///<MEMGOV_HOME>/mlflow.db`` (the rule of
    ``curation.Settings.tracking_uri``), creating ``MEMGOV_HOME`` for the SQLite store."""
    settings = Settings.from_env()
    if settings.mlflow_tracking_uri is None:
        memgov_home()
    return settings.tracking_uri


def _sqlite_path(uri: str) -> Path | None:
    if not uri.startswith("sqlite:///"):
        return None
    raw = uri[len("sqlite:///") :].split("?", 1)[0]
    return Path(raw).expanduser().resolve() if raw and raw != ":memory:" else None


def _artifact_location(uri: str, experiment: str) -> str | None:
    """Artifacts of a SQLite store live beside its database; other stores decide."""
    db = _sqlite_path(uri)
    if db is None:
        return None
    slug = re.sub(r"[^\w.\-]+", "_", experiment).strip("._") or "experiment"
    root = db.parent / "mlartifacts" / slug
    root.mkdir(parents=True, exist_ok=True)
    return root.as_uri()


def _client(uri: str | None) -> tuple[MlflowClient, str]:
    resolved = uri or tracking_uri()
    db = _sqlite_path(resolved)
    if db is not None:
        db.parent.mkdir(parents=True, exist_ok=True)
    mlflow.set_tracking_uri(resolved)
    return MlflowClient(tracking_uri=resolved), resolved


# MLflow 3 opens an experiment on its GenAI pages unless it is marked as model
# development, where the runs table is the landing view (the UI of 3.x before its
# "GenAI | Model training" switch reads this tag).
EXPERIMENT_KIND_TAG = "mlflow.experimentKind"
RUNS_VIEW_KIND = "custom_model_development"
# MLflow 3.17's UI ignores the tag: a per-browser switch decides, GenAI unless the user
# picked "Model training" (kept in the browser's local storage), and only this query
# parameter overrides it. So every link to MLflow that Memgov prints carries it (checked
# in headless Chromium against mlflow 3.17.2: with it, the runs table; without it, an
# empty GenAI overview).
RUNS_VIEW_QUERY = "workflowType=machine_learning"


def mlflow_ui_url() -> str:
    """Where the MLflow UI is (``MEMGOV_MLFLOW_UI_URL``; ``make up`` serves it on
    127.0.0.1:5000 unless ``MEMGOV_MLFLOW_PORT`` says otherwise)."""
    settings = Settings.from_env()
    configured = (settings.mlflow_ui_url or "").strip()
    if configured:
        return configured.rstrip("/")
    return f"http://127.0.0.1:{settings.mlflow_port}"


def runs_view_link(experiment_id: str, run_id: str | None = None, *, ui: str | None = None) -> str:
    """A link that opens the experiment's runs table (or one run) in the MLflow UI."""
    page = f"#/experiments/{experiment_id}/runs" + (f"/{run_id}" if run_id else "")
    return f"{(ui or mlflow_ui_url()).rstrip('/')}/{page}?{RUNS_VIEW_QUERY}"


def ensure_experiment(client: MlflowClient, name: str, uri: str) -> str:
    """The experiment's id, creating it (or restoring a deleted one) as needed, marked so
    the MLflow UI opens it on its runs."""
    existing = client.get_experiment_by_name(name)
    if existing is None:
        try:
            created = str(
                client.create_experiment(
                    name,
                    artifact_location=_artifact_location(uri, name),
                    tags={EXPERIMENT_KIND_TAG: RUNS_VIEW_KIND},
                )
            )
            return created
        except MlflowException:  # created concurrently by another process
            existing = client.get_experiment_by_name(name)
            if existing is None:
                raise
    if existing.lifecycle_stage == "deleted":
        client.restore_experiment(existing.experiment_id)
    if existing.tags.get(EXPERIMENT_KIND_TAG) != RUNS_VIEW_KIND:
        client.set_experiment_tag(existing.experiment_id, EXPERIMENT_KIND_TAG, RUNS_VIEW_KIND)
    return str(existing.experiment_id)


def run_link(run_id: str, *, uri: str | None = None, ui: str | None = None) -> str:
    """``runs_view_link`` to one run of the store at ``uri`` (default ``tracking_uri()``)."""
    client, _ = _client(uri)
    return runs_view_link(client.get_run(run_id).info.experiment_id, run_id, ui=ui)


def describe_run(
    compared: str, *, scope: str, policy: Any | None = None, seed: int | None = None
) -> str:
    """A run name that says what the run compares: ``curated vs raw · acme · policy
    default · seed 7``. The policy is ``default`` when it is the stock policy (in any
    modes), else a short digest of its settings, so runs of one policy share a name."""
    parts = [compared, scope]
    if policy is not None:
        parts.append(f"policy {policy_label(policy)}")
    if seed is not None:
        parts.append(f"seed {seed}")
    return " · ".join(parts)


def policy_label(policy: Any) -> str:
    from curation import CurationPolicy, Mode

    dumped = policy.model_dump(mode="json") if hasattr(policy, "model_dump") else dict(policy)
    for mode in Mode:
        if dumped == CurationPolicy().with_all_modes(mode).model_dump(mode="json"):
            return "default"
    digest = hashlib.sha256(json.dumps(dumped, sort_keys=True).encode()).hexdigest()[:8]
    return f"custom-{digest}"


# -- values: flattening, redaction, names ---------------------------------------------

_URL_USERINFO = re.compile(
    r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.\-]*://)(?P<user>[^:/@\s]*):(?P<password>[^@/\s]+)@"
)
_KV_PASSWORD = re.compile(r"(?i)\b(?P<key>password|passwd|pwd)\s*=\s*(?P<value>[^\s&;]+)")
_SECRET_WORDS = frozenset(
    {
        "password",
        "passwd",
        "pwd",
        "secret",
        "secrets",
        "credential",
        "credentials",
        "apikey",
        "auth",
        "authorization",
        "cookie",
        "passphrase",
    }
)
_KEY_QUALIFIERS = frozenset({"api", "access", "private", "secret", "signing", "encryption"})
_WORD = re.compile(r"[a-z0-9]+")


def is_secret_key(key: str) -> bool:
    """Keys naming a credential: any word password/secret/credential/auth/apikey..., a
    ``token`` as the last word (``hf_token``, ``access_token``, not ``token_budget``), or
    ``key`` qualified as ``api``/``access``/``private``/``secret`` (not ``supersession_key``)."""
    words = _WORD.findall(key.lower())
    if not words:
        return False
    if _SECRET_WORDS.intersection(words):
        return True
    if words[-1] == "token":
        return True
    return any(
        word == "key" and n > 0 and words[n - 1] in _KEY_QUALIFIERS for n, word in enumerate(words)
    )


def redact_value(value: str) -> str:
    """Hide passwords inside URLs (``scheme://user:***@host``) and ``password=...`` pairs."""
    value = _URL_USERINFO.sub(lambda m: f"{m['scheme']}{m['user']}:{REDACTED}@", value)
    return _KV_PASSWORD.sub(lambda m: f"{m['key']}={REDACTED}", value)


def _plain(value: Any) -> Any:
    """JSON-friendly form: enums by value, datetimes ISO, models dumped, non-finite
    floats as None, numpy scalars and arrays as Python values."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        return number if math.isfinite(number) else None
    if hasattr(value, "model_dump"):
        return _plain(value.model_dump(mode="json"))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _plain(dataclasses.asdict(value))
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((_plain(v) for v in value), key=str)
    if isinstance(value, Sequence):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist"):
        return _plain(value.tolist())
    return str(value)


def _stringify(value: Any) -> str:
    plain = _plain(value)
    if isinstance(plain, str):
        return plain
    if plain is None:
        return "None"
    return json.dumps(plain, ensure_ascii=False, sort_keys=isinstance(plain, dict))


def flatten_params(params: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested mappings (and pydantic models, dataclasses) become dotted keys; values are
    stringified, redacted and truncated to MLflow's 500-character limit."""
    out: dict[str, str] = {}

    def walk(value: Any, key: str) -> None:
        if hasattr(value, "model_dump") or (
            dataclasses.is_dataclass(value) and not isinstance(value, type)
        ):
            value = _plain(value)
        if isinstance(value, Mapping) and value:
            for sub, item in value.items():
                walk(item, f"{key}.{sub}" if key else str(sub))
            return
        if is_secret_key(key):
            out[key] = REDACTED
            return
        out[key] = redact_value(_stringify(value))[:MAX_PARAM_CHARS]

    for name, value in params.items():
        walk(value, f"{prefix}.{name}" if prefix else str(name))
    return out


_BAD_NAME_CHARS = re.compile(r"[^/\w.\- :]")


def metric_key(name: str) -> str:
    """A name MLflow accepts: ``@`` reads ``_at_``, other stray characters become ``_``,
    no leading, trailing or doubled slashes, at most 250 characters."""
    cleaned = _BAD_NAME_CHARS.sub("_", str(name).replace("@", "_at_"))
    cleaned = re.sub(r"/{2,}", "/", cleaned).strip("/")
    parts = [p for p in cleaned.split("/") if p not in (".", "..")]
    cleaned = "/".join(parts)[:MAX_KEY_CHARS] or "_"
    return cleaned


def _metric_value(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        return number if math.isfinite(number) else None
    raise TypeError(f"metric value must be a number, got {type(value).__name__}")


def _chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _file_name(name: str, suffix: str) -> str:
    stem = name[: -len(suffix)] if name.endswith(suffix) else name
    return (re.sub(r"[^\w.\-]+", "_", stem).strip("._") or "artifact") + suffix


# -- runs -------------------------------------------------------------------------------


class _RunLogger:
    """What both the parent run and an arm can log."""

    def __init__(self, client: MlflowClient, run_id: str) -> None:
        self.client = client
        self.run_id = run_id

    def log_params(self, params: Mapping[str, Any]) -> None:
        flat = flatten_params(params)
        entities = [Param(metric_key(k), v) for k, v in flat.items()]
        for chunk in _chunks(entities, PARAMS_PER_BATCH):
            self.client.log_batch(self.run_id, params=list(chunk), synchronous=True)

    def set_tags(self, tags: Mapping[str, str]) -> None:
        entities = [RunTag(k, v) for k, v in _tags(tags).items()]
        for chunk in _chunks(entities, PARAMS_PER_BATCH):
            self.client.log_batch(self.run_id, tags=list(chunk), synchronous=True)

    def log_metrics(
        self, metrics: Mapping[str, Any], step: int | None = None, at: datetime | None = None
    ) -> None:
        """One value per name at ``step`` (default 0), stamped ``at`` (default: now; a
        daily series stamps each value with its day); None/NaN/inf values are skipped."""
        stamp = int((at.timestamp() if at is not None else time.time()) * 1000)
        entities = []
        for name, raw in metrics.items():
            value = _metric_value(raw)
            if value is not None:
                entities.append(Metric(metric_key(name), value, stamp, int(step or 0)))
        for chunk in _chunks(entities, METRICS_PER_BATCH):
            self.client.log_batch(self.run_id, metrics=list(chunk), synchronous=True)

    def _log_file(self, directory: str | None, filename: str, write: Any) -> None:
        with tempfile.TemporaryDirectory(prefix="memgov-mlflow-") as tmp:
            path = Path(tmp) / filename
            write(path)
            self.client.log_artifact(self.run_id, str(path), artifact_path=directory)

    def log_table(self, name: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """``tables/<name>.csv`` and ``tables/<name>.json``: columns are the union of the
        rows' keys in first-seen order; nested values are JSON in the CSV."""
        plain_rows = [{str(k): _plain(v) for k, v in row.items()} for row in rows]
        columns: dict[str, None] = {}
        for row in plain_rows:
            columns.update(dict.fromkeys(row))

        def write_csv(path: Path) -> None:
            with path.open("w", newline="", encoding="utf-8") as handle:
                writer = csv.DictWriter(handle, fieldnames=list(columns))
                writer.writeheader()
                for row in plain_rows:
                    writer.writerow({k: _csv_cell(row.get(k)) for k in columns})

        def write_json(path: Path) -> None:
            path.write_text(json.dumps(plain_rows, ensure_ascii=False, indent=1), "utf-8")

        self._log_file("tables", _file_name(name, ".csv"), write_csv)
        self._log_file("tables", _file_name(name, ".json"), write_json)

    def log_json(self, name: str, payload: Any) -> None:
        """``<name>.json`` at the run's artifact root."""

        def write(path: Path) -> None:
            path.write_text(json.dumps(_plain(payload), ensure_ascii=False, indent=2), "utf-8")

        self._log_file(None, _file_name(name, ".json"), write)

    def log_figure(self, name: str, figure: Figure) -> None:
        """``figures/<name>.png``."""

        def write(path: Path) -> None:
            figure.savefig(path, format="png", dpi=110, bbox_inches="tight")

        self._log_file("figures", _file_name(name, ".png"), write)


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return value


def _tags(tags: Mapping[str, Any]) -> dict[str, str]:
    out = {}
    for key, value in tags.items():
        text = REDACTED if is_secret_key(key) else redact_value(_stringify(value))
        out[str(key)] = text[:MAX_TAG_CHARS]
    return out


def _terminate(client: MlflowClient, run_id: str, error: BaseException | None) -> None:
    if error is None:
        status = "FINISHED"
    elif isinstance(error, KeyboardInterrupt):
        status = "KILLED"
    else:
        status = "FAILED"
    client.set_terminated(run_id, status=status)


class Arm(_RunLogger):
    """One arm of a comparison: a run nested under the comparison's parent run."""

    def __init__(self, client: MlflowClient, run_id: str, name: str) -> None:
        super().__init__(client, run_id)
        self.name = name


class Comparison(_RunLogger):
    """The parent run of a comparison; ``arm()`` opens a nested run per arm."""

    def __init__(self, client: MlflowClient, run_id: str, *, experiment_id: str, uri: str) -> None:
        super().__init__(client, run_id)
        self.experiment_id = experiment_id
        self.tracking_uri = uri
        self.arms: dict[str, str] = {}

    @contextmanager
    def arm(self, name: str, params: Mapping[str, Any] | None = None) -> Iterator[Arm]:
        tags = {PARENT_TAG: self.run_id, ARM_TAG: name, KIND_TAG: "arm"}
        run = self.client.create_run(self.experiment_id, run_name=name, tags=tags)
        arm = Arm(self.client, run.info.run_id, name)
        self.arms[name] = arm.run_id
        error: BaseException | None = None
        try:
            if params:
                arm.log_params(params)
            yield arm
        except BaseException as exc:
            error = exc
            raise
        finally:
            _terminate(self.client, arm.run_id, error)


@contextmanager
def comparison_run(
    experiment: str,
    run_name: str,
    *,
    params: Mapping[str, Any],
    tags: Mapping[str, str] | None = None,
    uri: str | None = None,
) -> Iterator[Comparison]:
    """A parent run in ``experiment`` (created if needed) at ``uri`` (default
    ``tracking_uri()``); finished on exit, FAILED if the block raises."""
    client, resolved = _client(uri)
    experiment_id = ensure_experiment(client, experiment, resolved)
    run_tags = {KIND_TAG: "comparison", **_tags(tags or {})}
    run = client.create_run(experiment_id, run_name=run_name, tags=run_tags)
    comparison = Comparison(client, run.info.run_id, experiment_id=experiment_id, uri=resolved)
    error: BaseException | None = None
    try:
        comparison.log_params(params)
        yield comparison
    except BaseException as exc:
        error = exc
        raise
    finally:
        _terminate(client, comparison.run_id, error)


# -- reading back -------------------------------------------------------------------------


def _millis(value: int | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value / 1000, tz=UTC)


def runs_frame(experiment: str, *, uri: str | None = None) -> list[dict[str, Any]]:
    """The experiment's parent runs, newest first, each as a plain dict: ``run_id``,
    ``run_name``, ``status``, ``start_time``/``end_time`` (aware datetimes), ``params``,
    ``metrics`` (latest values), ``tags`` (without ``mlflow.*``) and ``arms``
    (``{name: {run_id, status, params, metrics}}``). Empty if the experiment is absent."""
    client, _ = _client(uri)
    found = client.get_experiment_by_name(experiment)
    if found is None:
        return []
    runs: list[Any] = []
    token: str | None = None
    while True:
        page = client.search_runs(
            [found.experiment_id],
            max_results=1000,
            order_by=["attributes.start_time DESC"],
            page_token=token,
        )
        runs.extend(page)
        token = page.token
        if not token:
            break
    children: dict[str, list[Any]] = {}
    for run in runs:
        parent = run.data.tags.get(PARENT_TAG)
        if parent:
            children.setdefault(parent, []).append(run)
    frame = []
    for run in runs:
        if run.data.tags.get(PARENT_TAG):
            continue
        arms = {}
        for child in sorted(children.get(run.info.run_id, []), key=lambda r: r.info.start_time):
            name = child.data.tags.get(ARM_TAG) or child.info.run_name
            arms[name] = {
                "run_id": child.info.run_id,
                "status": child.info.status,
                "params": dict(child.data.params),
                "metrics": dict(child.data.metrics),
            }
        frame.append(
            {
                "run_id": run.info.run_id,
                "run_name": run.info.run_name,
                "experiment": experiment,
                "status": run.info.status,
                "start_time": _millis(run.info.start_time),
                "end_time": _millis(run.info.end_time),
                "params": dict(run.data.params),
                "metrics": dict(run.data.metrics),
                "tags": {k: v for k, v in run.data.tags.items() if not k.startswith("mlflow.")},
                "arms": arms,
            }
        )
    return frame
