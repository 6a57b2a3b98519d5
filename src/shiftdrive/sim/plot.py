"""`--plot`: a PNG of the outcome and length distributions (matplotlib, an optional extra)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def _pyplot() -> Any:
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise PlotUnavailable("--plot needs matplotlib: pip install 'shiftdrive[plot]'") from None
    matplotlib.use("Agg")  # files only: never open a window
    return importlib.import_module("matplotlib.pyplot")


def write_plot(path: Path, reports: list[tuple[str, dict[str, Any]]]) -> None:
    """Outcomes (win rates with 95% CIs, draws) and rounds to finish, one colour per run."""
    plt = _pyplot()
    fig, (ax_out, ax_len) = plt.subplots(1, 2, figsize=(11, 4.2))
    width = 0.8 / max(1, len(reports))
    for k, (label, rep) in enumerate(reports):
        names = [*rep["sides"], "draw"]
        rows = [*rep["sides"].values(), rep["draws"]]
        rates = [r["rate"] for r in rows]
        errs = [
            [max(0.0, r["rate"] - r["ci95"][0]) for r in rows],
            [max(0.0, r["ci95"][1] - r["rate"]) for r in rows],
        ]
        xs = [i + k * width for i in range(len(names))]
        ax_out.bar(xs, rates, width, yerr=errs, capsize=3, label=label)
        ax_out.set_xticks([i + width * (len(reports) - 1) / 2 for i in range(len(names))])
        ax_out.set_xticklabels(names)
        hist = {int(r): c for r, c in rep["rounds_histogram"].items()}
        if hist:
            ax_len.bar(
                [r + k * width for r in hist], list(hist.values()), width, label=label, alpha=0.8
            )
    ax_out.set_ylim(0, 1)
    ax_out.set_ylabel("share of battles (95% CI)")
    ax_out.set_title("Outcomes")
    ax_len.set_xlabel("rounds")
    ax_len.set_ylabel("battles")
    ax_len.set_title("Rounds to finish")
    if len(reports) > 1:
        ax_out.legend()
        ax_len.legend()
    first = reports[0][1]
    fig.suptitle(f"{first['scenario']} — {first['battles']} battles, seed {first['seed']}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
