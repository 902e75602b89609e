from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from lab_targets import LabTarget
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="halve", target=LabTarget(lanes=8, vendor="lab"))
class OnLab:
    @func
    def halve(
        x: Tensor[(8,), "f32"]
    ) -> Tensor[(8,), "f32"]:
        v0 = 0.5
        v1 = mul(x, v0)
        return v1
