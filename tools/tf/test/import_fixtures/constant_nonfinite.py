from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@func
def clip_below(
    x: Tensor[(8,), "f32"]
) -> Tensor[(8,), "f32"]:
    v0 = inf
    v1 = neg(v0)
    v2 = max(x, v1)
    return v2
