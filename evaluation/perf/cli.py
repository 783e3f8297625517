"""``memgov bench``: register with ``evaluation.perf.cli.register(app)``."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def bench(
    n: list[int] = typer.Option([10_000], "--n", help="Memories in the tenant (repeatable)."),
    seed: int = typer.Option(7, help="Generator seed."),
    clients: int = typer.Option(4, help="Concurrent recall clients (processes)."),
    recalls: int = typer.Option(500, help="Timed recalls per client."),
    reference_sample: int | None = typer.Option(
        None,
        help="Neighbour queries the reference runs (default: all up to 10k, else "
        "30M/n, e.g. 300 at 100k; the rest is extrapolated and labelled so).",
    ),
    ingest_rows: int = typer.Option(2000, help="Pre-embedded rows written via remember_many."),
    ingest_batch: int = typer.Option(1000, help="remember_many batch size (issue 16: 10000)."),
    ingest_existing: int = typer.Option(
        0, help="Rows written untimed first, so the timed ones go into an existing tenant."
    ),
    recall_rate: float = typer.Option(
        400.0, help="Offered recalls/s (all clients) for the paced run; 0 skips it."
    ),
    minilm_texts: int = typer.Option(1000, help="Texts embedded with MiniLM (0 skips)."),
    compare_indexes: bool = typer.Option(
        False,
        help="Also build halfvec and binary-quantised HNSW indexes and compare recall "
        "through each (latency, rate, recall@10 vs exact) at several ef_search values.",
    ),
    vote_cost: bool = typer.Option(
        True, help="Also run the flat-out recall without recording the vote (its cost)."
    ),
    shared_buffers: str | None = typer.Option(
        None, help="Set the embedded server's shared_buffers first (restarts it), e.g. 4GB."
    ),
    merge: list[Path] = typer.Option([], help="Earlier --json results for the scaling table."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the results as JSON."),
) -> None:
    """Time a full curation pass phase by phase at N memories, against the reference
    approach; recall under load, ingest, embedding, memory; print tables."""
    from evaluation.perf.report import render, scaling
    from evaluation.perf.run import configure_server, run_bench

    if shared_buffers:
        configure_server(shared_buffers, say=lambda s: typer.echo(s, err=True))
    results = []
    for path in merge:
        loaded = json.loads(path.read_text())
        results.extend(loaded if isinstance(loaded, list) else [loaded])
    for size in n:
        result = run_bench(
            size,
            seed=seed,
            clients=clients,
            recalls_per_client=recalls,
            reference_sample=reference_sample,
            ingest_rows=ingest_rows,
            ingest_batch=ingest_batch,
            ingest_existing=ingest_existing,
            minilm_texts=minilm_texts,
            recall_rate=recall_rate or None,
            compare_indexes=compare_indexes,
            vote_cost=vote_cost,
            say=lambda s: typer.echo(s, err=True),
        )
        results.append(result)
        typer.echo(render(result))
        typer.echo("")
        if json_out is not None:
            json_out.write_text(json.dumps(results, indent=2, default=str))
    text = scaling(results)
    if text:
        typer.echo(text)


def register(app: typer.Typer) -> None:
    """Add ``bench`` to the ``memgov`` CLI."""
    app.command("bench")(bench)
