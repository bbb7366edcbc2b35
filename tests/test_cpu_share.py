"""`bench window --cpu-share`'s CPU quota (issue 41): the control group it makes in cgroup v1 or
v2, and a clear refusal where none can be made (the benchmark then says so and measures nothing
under a quota it does not have). Tried on folders that stand for /sys/fs/cgroup."""

import os

import pytest

from scenes.bench.cpu_share import PERIOD_US, CpuShare, QuotaUnavailable


def test_a_v1_group_gets_a_quarter_of_each_4_ms_period_and_is_removed_after(tmp_path):
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("-1")
    with CpuShare(25, root=tmp_path) as share:
        group = share.group
        assert group is not None and group.parent == tmp_path / "cpu"
        assert (group / "cpu.cfs_period_us").read_text() == str(PERIOD_US) == "4000"
        assert (group / "cpu.cfs_quota_us").read_text() == "1000"
        for name in ("cpu.cfs_period_us", "cpu.cfs_quota_us"):
            (group / name).unlink()  # (the kernel's files go with the group; these do not)
    assert not group.exists()


def test_a_v2_group_gets_cpu_max_and_the_controller_is_enabled(tmp_path):
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (tmp_path / "cgroup.subtree_control").write_text("")
    with CpuShare(50, root=tmp_path) as share:
        assert (share.group / "cpu.max").read_text() == "2000 4000"
        assert (tmp_path / "cgroup.subtree_control").read_text() == "+cpu"
        (share.group / "cpu.max").unlink()


def test_where_no_quota_can_be_set_it_says_why(tmp_path):
    with pytest.raises(QuotaUnavailable, match="no cgroup CPU controller"):
        CpuShare(25, root=tmp_path).__enter__()
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("-1")
    taken = tmp_path / "cpu" / f"tabletop-trio-bench-{os.getpid()}"
    taken.write_text("")  # the group cannot be made there (as without the right to write)
    with pytest.raises(QuotaUnavailable, match="cannot be set here"):
        CpuShare(25, root=tmp_path).__enter__()
    assert taken.is_file()  # nothing of someone else's removed


def test_a_share_is_a_percentage_of_one_core():
    with pytest.raises(ValueError, match="percentage"):
        CpuShare(0)
    with pytest.raises(ValueError, match="percentage"):
        CpuShare(150)
