from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

cta = Mesh((Topology("cta", 2),), Layout((2,), (1,)), names=('half',))
cta_2 = Mesh((Topology("cta", 4),), Layout((4,), (1,)), names=())

@module(entry="unnamed_mesh")
class Verbose:
    @func
    def named_mesh(
        x: Tensor[(2, 4), "f32", (2 @ cta.half, 4)]
    ) -> Tensor[(2, 4), "f32", (2 @ cta.half, 4)]:
        v0 = exp(x)
        return v0

    @func
    def unnamed_mesh(
        x: Tensor[(8, 4), "f32",
            ShardLayout(
                layout=Layout((4, 2, 4), (8, 4, 1)),
                attrs=(S(0),),
                mesh=Mesh((Topology("cta", 4),), Layout((4,), (1,))),
            ), "smem"]
    ) -> Tensor[(8, 4), "f32",
        ShardLayout(
            layout=Layout((8, 4), (4, 1)),
            attrs=(B(),),
            mesh=Mesh((Topology("cta", 4),), Layout((4,), (1,))),
        ), "smem"]:
        y = relu(x)
        v0 = reshard(y, layout=ShardLayout(
            layout=Layout((8, 4), (4, 1)),
            attrs=(B(),),
            mesh=Mesh((Topology("cta", 4),), Layout((4,), (1,))),
        ))
        return v0
