from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@func
def dynamic_owner(
    x: Tensor[(8, 4), "f32"]
) -> Tensor[(8, 4), "f32",
        ShardLayout(
            layout=Layout((8, 4), (4, 1)),
            attrs=(/* Dynamic */,),
            mesh=Mesh((Topology("cta", 4),), Layout((4,), (1,))),
        )]:
    v0 = reshard(x, layout=ShardLayout(
            layout=Layout((8, 4), (4, 1)),
            attrs=(/* Dynamic */,),
            mesh=Mesh((Topology("cta", 4),), Layout((4,), (1,))),
        ))
    return v0
