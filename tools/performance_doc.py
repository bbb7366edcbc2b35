"""Write docs/performance.md from the JSON lines of `python main.py bench all` (what follows
the line KEPT in the old file, figures of runs `bench all` does not make, is kept).

python main.py bench all | tee bench.jsonl
python tools/performance_doc.py bench.jsonl        # or: ... bench all | python tools/...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SKIP = {"figure", "bench"}
#: the line after which docs/performance.md is written by hand (long runs: the kiosk's soak)
KEPT = "<!-- kept by tools/performance_doc.py: figures of longer runs, by hand -->"


def cells(line: dict[str, Any]) -> tuple[str, str]:
    """(what, figures) of one line, in words."""
    figure = line["figure"]
    if "skipped" in line:
        return figure, f"skipped: {line['skipped']}"
    label_keys = ("case", "scene", "game", "players", "bot")
    if line.get("bench") not in (None, "rules"):  # e.g. the pattern search among the rules
        label_keys = ("bench", *label_keys)
    what = ", ".join(f"{line[k]}" if k != "players" else f"{line[k]} players"
                     for k in label_keys if k in line)  # fmt: skip
    rest = [f"{k} {v}" for k, v in line.items() if k not in SKIP and k not in label_keys]
    return f"{figure}: {what}" if what else figure, "; ".join(rest)


def render(lines: list[dict[str, Any]]) -> str:
    machine = next((line for line in lines if line.get("figure") == "machine"), {})
    out = [
        "# Performance",
        "",
        "The latest run of `python main.py bench all` (one JSON line per figure; this table is "
        "written from them by `tools/performance_doc.py`). Timings are on a shared machine: "
        "read them as orders of magnitude, and compare runs on the same machine only.",
        "",
        f"- Date: {machine.get('date', '?')}",
        f"- Machine: {machine.get('system', '?')}, {machine.get('cores', '?')} cores, "
        f"Python {machine.get('python', '?')}",
        "",
        "| figure | value |",
        "|---|---|",
    ]
    for line in lines:
        if line.get("figure") in (None, "machine"):
            continue
        what, value = cells(line)
        out.append(f"| {what} | {value} |".replace("\n", " "))
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    text = Path(argv[0]).read_text(encoding="utf-8") if argv else sys.stdin.read()
    lines = [json.loads(row) for row in text.splitlines() if row.startswith("{")]
    target = ROOT / "docs" / "performance.md"
    old = target.read_text(encoding="utf-8") if target.exists() else ""
    kept = old[old.index(KEPT) :] if KEPT in old else ""
    target.write_text(render(lines) + ("\n" + kept if kept else ""), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
