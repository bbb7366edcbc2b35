"""A learned evaluation of a position: each seat's worth as a weighted sum of features of the
position, fitted from self-play by `tools/fit_evaluation.py` and shipped as a small JSON file
beside the game's bots. A game's features are its rules' reading of a position; the bots
(`game/<game>/bots.py`) name them, with the file, in a `Features`, and load the weights
(`shipped`), so the rules package never depends on the AI.

The file holds the feature names (checked against the game's own list, so a file from another
version of the features is refused), a weight for each, and `scale`: the value of a lead of
one point. A seat's expected share of the win is the logistic of its lead over the best other
seat times `scale`. Inference is plain Python (the rules package keeps no dependency).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class LinearEvaluation:
    """Weights over named features; `worth` of a seat, `shares` of every seat."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    #: the logistic's slope: how much one point of lead is worth in the share of the win
    scale: float
    #: what made the file (the tool's settings, its seed and its fit), for the record
    made: dict[str, Any]

    def worth(self, features: Sequence[float]) -> float:
        """The points a seat may count on, from its features."""
        return sum(w * f for w, f in zip(self.weights, features, strict=True))

    def shares(self, worths: Sequence[float]) -> list[float]:
        """Each seat's expected share of the win from every seat's worth: the logistic of its
        lead over the best other seat."""
        out = []
        for seat, mine in enumerate(worths):
            lead = mine - max(w for other, w in enumerate(worths) if other != seat)
            out.append(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead * self.scale)))))
        return out

    def to_json(self) -> str:
        data = {
            "features": list(self.names),
            "weights": [round(w, 6) for w in self.weights],
            "scale": round(self.scale, 6),
            "made": self.made,
        }
        return json.dumps(data, indent=1) + "\n"


def parse(text: str, names: Sequence[str]) -> LinearEvaluation:
    """The evaluation in `text` (a file's JSON); ValueError when it is not one, or when its
    features are not `names` (a file fitted on other features)."""
    try:
        data = json.loads(text)
        found = tuple(data["features"])
        weights = tuple(float(w) for w in data["weights"])
        scale = float(data["scale"])
        made = dict(data.get("made", {}))
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"not an evaluation file: {error}") from None
    if found != tuple(names):
        raise ValueError(f"the file's features {found} are not the game's {tuple(names)}")
    if len(weights) != len(found) or not all(map(math.isfinite, (*weights, scale))):
        raise ValueError("the file's weights do not match its features")
    return LinearEvaluation(found, weights, scale, made)


def load(package: str, filename: str, names: Sequence[str]) -> LinearEvaluation:
    """The evaluation shipped as `filename` in `package` (ValueError when it does not fit)."""
    return parse(resources.files(package).joinpath(filename).read_text("utf-8"), names)


#: what a game's bots offer the fitting tool and their search: the feature names,
#: `features(state, seat)`, the file of weights shipped and the package that holds it
@dataclass(frozen=True)
class Features:
    names: tuple[str, ...]
    of: Callable[[Any, int], list[float]]
    package: str
    filename: str


@cache
def shipped(features: Features) -> LinearEvaluation:
    """The evaluation shipped for `features` (its file in its package), read once."""
    return load(features.package, features.filename, features.names)
