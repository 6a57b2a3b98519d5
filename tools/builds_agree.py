"""Check that the compiled build plays the same battles as the pure one (run by `make test-fast`).

Usage: python tools/builds_agree.py PURE_SHIFTDRIVE FAST_SHIFTDRIVE

Runs `simulate --json` with the same seed through both executables for each example scenario
and compares everything but the timing and the build's name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "examples").glob("*/*.yaml"))
VARIES = ("seconds", "battles_per_second", "build", "backend", "jobs")


def report(exe: str, scenario: Path) -> dict[str, object]:
    cmd = [exe, "simulate", str(scenario), "-n", "60", "--seed", "11", "--jobs", "1", "--json"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    data: dict[str, object] = json.loads(out)
    for key in VARIES:
        data.pop(key, None)
    return data


def main() -> int:
    pure, fast = sys.argv[1:3]
    differ = [s.name for s in SCENARIOS if report(pure, s) != report(fast, s)]
    if differ:
        print(f"the compiled build plays different battles for: {', '.join(differ)}")
        return 1
    print(f"the compiled build plays the same battles ({len(SCENARIOS)} scenarios, 60 each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
