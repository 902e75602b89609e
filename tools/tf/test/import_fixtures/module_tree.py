from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.target import CudaTarget
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import ConstTensor, Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="forward", target=CudaTarget("nvidia.h200_sxm"), topologies=(Topology("cta", 4),))
class Net:
    @module(entry="cube")
    class power:
        @func
        def self_mul(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            v0 = mul(x, x)
            return v0

        @func
        def cube(
            x: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            s = self_mul(x)
            v0 = mul(s, x)
            return v0

    @module(entry="mid")
    class outer:
        @module(entry="run")
        class inner:
            @func
            def run(
                x: Tensor[(8,), "f32"],
                w: Tensor[(8,), "f32"]
            ) -> Tensor[(8,), "f32"]:
                v0 = sub(x, w)
                return v0

        @func
        def mid(
            x: Tensor[(8,), "f32"],
            w: Tensor[(8,), "f32"]
        ) -> Tensor[(8,), "f32"]:
            v0 = inner(x, w)
            v1 = tanh(v0)
            return v1

    @func
    def shift(
        x: Tensor[(8,), "f32"],
        b: ConstTensor[(8,), "f32"]
    ) -> Tensor[(8,), "f32"]:
        v0 = add(x, b)
        return v0

    @func
    def forward(
        x: Tensor[(8,), "f32"],
        b: ConstTensor[(8,), "f32"],
        w: Tensor[(8,), "f32"]
    ) -> Tensor[(8,), "f32"]:
        c = power(x)
        d = shift(c, b)
        v0 = outer(d, w)
        return v0
