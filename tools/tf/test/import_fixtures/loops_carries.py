from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="two_carries")
class CarryLoops:
    @func
    def nested(
        x: Tensor[(2, 4), "f32"]
    ) -> Tensor[(2, 4), "f32"]:
        o = abs(x)
        for r in range(2):
            for c in range(3):
                o_2 = add(o, x)
                o = o_2
            o = o
        return o

    @func
    def two_carries(
        x: Tensor[(4,), "f32"],
        y: Tensor[(4,), "f32"]
    ):
        hi = relu(x)
        lo = relu(y)
        for i in range(4):
            nlo = min(lo, x)
            nhi = max(hi, y)
            gap = sub(nhi, nlo)
            hi_2 = add(nhi, gap)
            hi = hi_2
            lo = nlo
        return (hi, lo)
