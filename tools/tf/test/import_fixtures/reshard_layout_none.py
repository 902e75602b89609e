from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

cta = Mesh((Topology("cta", 4),), Layout((4,), (1,)), names=('tile',))

@module(entry="smem_to_registers")
class Materialize:
    @func
    def to_registers(
        x: Tensor[(8,), "f32"]
    ) -> Tensor[(8,), "f32", ((4 @ cta.tile, 2), (0, 1)), "rmem"]:
        local = reshard(x, layout=ShardLayout(
            layout=Layout((4, 2), None),
            attrs=(S(0),),
            mesh=cta,
        ), storage=rmem)
        v0 = add(local, local)
        return v0

    @func
    def same_storage(
        x: Tensor[(8, 4), "f32"]
    ) -> Tensor[(8, 4), "f32", (4 @ cta.tile, 2, 4)]:
        v0 = reshard(x, layout=ShardLayout(
            layout=Layout((4, 2, 4), None),
            attrs=(S(0),),
            mesh=cta,
        ))
        return v0

    @func
    def smem_to_registers(
        x: Tensor[(4, 8), "f32", "smem"]
    ) -> Tensor[(4, 8), "f32", ((4 @ cta.tile, 1, 8), (0, 0, 1)), "rmem"]:
        v0 = reshard(x, layout=ShardLayout(
            layout=Layout((4, 1, 8), None),
            attrs=(S(0),),
            mesh=cta,
        ), storage=rmem)
        return v0
