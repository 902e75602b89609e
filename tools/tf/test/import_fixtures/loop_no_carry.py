from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@func
def no_carry(
    x: Tensor[(4,), "f32"]
) -> Tensor[(4,), "f32"]:
    for i in range(3):
        t = exp(x)
        u = mul(t, x)
    return ()
