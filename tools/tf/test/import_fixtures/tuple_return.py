from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@func
def sum_diff_scale(
    a: Tensor[(6,), "f32"],
    b: Tensor[(6,), "f32"]
):
    total = add(a, b)
    gap = sub(a, b)
    v0 = 0.5
    return (total, gap, 0.5)
