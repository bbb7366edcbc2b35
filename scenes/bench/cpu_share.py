"""A CPU quota for a benchmarked process: "a CPU N times slower", as a small machine has it.

`CpuShare(25)` makes a Linux control group whose processes together get at most 25% of one core,
in periods of PERIOD_US microseconds (the kernel's CFS bandwidth control: 1 ms of CPU in every
4 ms); `preexec` puts a starting process (and every thread it makes) in it before it runs.
cgroup v1 (`/sys/fs/cgroup/cpu/`: cpu.cfs_period_us, cpu.cfs_quota_us) and v2 (cpu.max) are
both known. Making a group needs the right to write there (root, or a delegated group): where
that is refused, `CpuShare` raises `QuotaUnavailable` with the reason, and the caller says so
instead of measuring without the quota.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Self

#: the quota's period (a short one spreads the CPU evenly across a 16.7 ms frame)
PERIOD_US = 4000
CGROUP = Path("/sys/fs/cgroup")


class QuotaUnavailable(RuntimeError):
    """No CPU quota can be set on this system (the message says why)."""


class CpuShare:
    """`with CpuShare(25) as share: Popen(..., preexec_fn=share.preexec)`."""

    def __init__(self, percent: float, root: Path = CGROUP) -> None:
        if not 0 < percent <= 100:
            raise ValueError("the CPU share is a percentage of one core, above 0 and up to 100")
        self.percent = percent
        self.root = root
        self.group: Path | None = None

    def __enter__(self) -> Self:
        quota = max(1000, round(PERIOD_US * self.percent / 100))  # (the kernel's least: 1 ms)
        name = f"tabletop-trio-bench-{os.getpid()}"
        v1 = self.root / "cpu"
        try:
            if (v1 / "cpu.cfs_quota_us").exists():
                self.group = v1 / name
                self.group.mkdir()
                (self.group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                (self.group / "cpu.cfs_quota_us").write_text(str(quota))
            elif "cpu" in _read(self.root / "cgroup.controllers").split():
                if "cpu" not in _read(self.root / "cgroup.subtree_control").split():
                    (self.root / "cgroup.subtree_control").write_text("+cpu")
                self.group = self.root / name
                self.group.mkdir()
                (self.group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
            else:
                raise QuotaUnavailable(f"no cgroup CPU controller under {self.root}")
        except OSError as error:
            self.__exit__()
            raise QuotaUnavailable(f"a CPU quota cannot be set here: {error}") from error
        return self

    @property
    def period_us(self) -> int:
        return PERIOD_US

    def preexec(self) -> None:
        """Put the calling process in the group (a Popen's preexec_fn: before it runs)."""
        assert self.group is not None
        (self.group / "cgroup.procs").write_text(str(os.getpid()))

    def __exit__(self, *exc: object) -> None:
        """Remove the group (its processes must have ended)."""
        if self.group is not None:
            with contextlib.suppress(OSError):  # (a process still in it)
                self.group.rmdir()
            self.group = None


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""
