from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="apply", topologies=(Topology("cta", 2),))
class Pair:
    @module(entry="apply")
    class left:
        @func
        def helper(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            v0 = add(x, x)
            return v0

        @func
        def apply(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            v0 = helper(x)
            return v0

    @module(entry="apply")
    class right:
        @func
        def helper(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            v0 = 0.25
            v1 = mul(x, v0)
            return v1

        @func
        def apply(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            h = helper(x)
            v0 = sub(x, h)
            return v0

    @module(entry="apply")
    class again:
        @func
        def helper(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            v0 = add(x, x)
            return v0

        @func
        def apply(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            v0 = helper(x)
            return v0

    @func
    def apply(
        x: Tensor[(8,), "f32"]
    ) -> Tensor[(8,), "f32"]:
        a = left(x)
        b = right(a)
        v0 = again(b)
        return v0
