from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="constrained")
class Constraints:
    @func
    def constrained(
        x: Tensor[(8, 16), "f32"],
        y: Tensor[(8, 16), "f32"]
    ):
        x: where(storage="smem")
        s = add(x, y)
        s: where(layout=(_, 16 @ cta), mesh=Mesh((Topology("cta", 4),), Layout((4,), (1,))), storage="gmem")
        t = mul(s, y)
        t: where(layout=((_, 16), {cta @ P("sum")}))
        best = topk(t, k=2, axis=-1, largest=True, sorted=True)
        ids = tuple_get_item(best, index=1)
        ids: where(storage="rmem")
        return (t, ids)
