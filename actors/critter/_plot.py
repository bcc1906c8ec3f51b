"""The fitness curve of a run, saved as a PNG (matplotlib, Agg backend, no display)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ._evolution import GenerationRecord

#: How to get matplotlib when it is missing.
PLOT_HINT = "install the plot extra: pip install -e '.[plot]'"


def plot_fitness(history: Sequence[GenerationRecord], path: str | Path, *,
                 title: str = "critter evolution") -> Path:
    """Plot best and mean fitness per generation to ``path``.

    Raises ModuleNotFoundError with :data:`PLOT_HINT` when matplotlib is missing.
    """
    try:
        import matplotlib
    except ModuleNotFoundError:
        raise ModuleNotFoundError(f"the fitness plot needs matplotlib: {PLOT_HINT}") from None
    matplotlib.use("Agg")
    from matplotlib import pyplot

    generations = [r.generation for r in history]
    figure, axes = pyplot.subplots(figsize=(8, 4.5), dpi=100)
    try:
        axes.plot(generations, [r.best_fitness for r in history], label="best")
        axes.plot(generations, [r.mean_fitness for r in history], label="mean", alpha=0.7)
        axes.set_xlabel("generation")
        axes.set_ylabel("fitness (score - length - energy)")
        axes.set_title(title)
        axes.grid(alpha=0.3)
        axes.legend()
        figure.tight_layout()
        figure.savefig(path)
    finally:
        pyplot.close(figure)
    return Path(path)
