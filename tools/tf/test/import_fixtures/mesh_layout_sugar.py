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
thread = Mesh((Topology("thread", 8),), Layout((2, 4), (4, 1)), names=('y', 'x'))

@module(entry="partial_sum")
class Placed:
    @func
    def split_rows(
        x: Tensor[(4, 16), "f32", (4 @ cta.tile, 16), "smem"]
    ) -> Tensor[(4, 16), "f32", (4 @ cta.tile, 16), "smem"]:
        v0 = add(x, x)
        return v0

    @func
    def factored_split(
        x: Tensor[(8, 16), "f32", (4 @ cta.tile, 2, 16)]
    ) -> Tensor[(8, 16), "f32", (4 @ cta.tile, 2, 16)]:
        v0 = mul(x, x)
        return v0

    @func
    def explicit_strides(
        a: Tensor[(8, 4), "f32", ((2 @ thread.y, 4, 4), (1, 8, 2)), "smem"]
    ) -> Tensor[(8, 4), "f32", ((2 @ thread.y, 4, 4), (1, 8, 2)), "smem"]:
        v0 = neg(a)
        return v0

    @func
    def strides_and_partial(
        a: Tensor[(8, 4), "f32", ((2 @ thread.y, 4, 4), (1, 8, 2), {thread.x @ P("max")}), "smem"]
    ) -> Tensor[(8, 4), "f32", ((2 @ thread.y, 4, 4), (1, 8, 2), {thread.x @ P("max")}), "smem"]:
        return a

    @func
    def partial_sum(
        p: Tensor[(4, 8), "f32", ((4 @ thread.x, 8), {thread.y @ P("sum")})]
    ) -> Tensor[(4, 8), "f32", ((4 @ thread.x, 8), {thread.y @ P("sum")})]:
        return p
