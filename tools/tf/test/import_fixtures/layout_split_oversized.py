from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

cta = Mesh((Topology("cta", 4),), Layout((4,), (1,)), names=('tile',))

@func
def two_rows_per_cta(
    x: Tensor[(8, 16), "f32", (8 @ cta.tile, 16), "smem"]
) -> Tensor[(8, 16), "f32", (8 @ cta.tile, 16), "smem"]:
    v0 = sub(x, x)
    return v0
