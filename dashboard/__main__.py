"""``python -m dashboard [streamlit flags…]``: the dashboard on this machine only.

Runs ``streamlit run dashboard/app.py`` bound to ``MEMGOV_DASHBOARD_ADDRESS`` (default
127.0.0.1) on ``MEMGOV_DASHBOARD_PORT`` (default 8501), headless, without usage
statistics. Extra arguments are passed on to ``streamlit run`` (later flags win).
"""

from __future__ import annotations

import sys
from pathlib import Path

from curation import Settings

APP = Path(__file__).resolve().parent / "app.py"


def streamlit_args(extra: list[str] | None = None) -> list[str]:
    settings = Settings.from_env()
    address, port = settings.dashboard_address, str(settings.dashboard_port)
    return [
        "run",
        str(APP),
        "--server.address",
        address,
        "--server.port",
        port,
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        *(extra or []),
    ]


def main(argv: list[str] | None = None) -> None:
    from streamlit.web import cli

    args = streamlit_args(list(sys.argv[1:] if argv is None else argv))
    cli.main(args=args, prog_name="streamlit")


if __name__ == "__main__":
    main()
