from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

thread = Mesh((Topology("thread", 8),), Layout((2, 4), (4, 1)), names=('y', 'x'))

@func
def two_axes_one_dim(
    a: Tensor[(8, 4), "f32", (8 @ thread.y @ thread.x, 4)]
) -> Tensor[(8, 4), "f32", (8 @ thread.y @ thread.x, 4)]:
    v0 = abs(a)
    return v0
