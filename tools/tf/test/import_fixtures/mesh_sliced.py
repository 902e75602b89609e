from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

thread = Mesh((Topology("thread", 128),), ComposedLayout(
    inner=None,
    offset=32,
    outer=Layout((2, 32), (32, 1)),
), names=('w', 'l'))

@func
def on_two_warps(
    x: Tensor[(2, 16), "f32", (2 @ thread.w, 16), "smem"]
) -> Tensor[(2, 16), "f32", (2 @ thread.w, 16), "smem"]:
    v0 = add(x, x)
    return v0
