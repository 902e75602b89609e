from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)
from tilefoundry.ir.types.dim import DimVar, ceildiv

R = DimVar("R", 1, 33)

@module(entry="dim_trips")
class RangeLoops:
    @func
    def repeat_add(
        x: Tensor[(4,), "f32"]
    ) -> Tensor[(4,), "f32"]:
        acc = neg(x)
        for i in range(5):
            acc_2 = add(acc, x)
            acc = acc_2
        return acc

    @func
    def count_up(
        x: Tensor[(4,), "f32"]
    ) -> Tensor[(4,), "f32"]:
        v0 = 0.0
        acc = mul(x, v0)
        for i in range(2, 11, 3):
            step = cast(i, dtype="f32")
            acc_2 = add(acc, step)
            acc = acc_2
        return acc

    @func
    def from_param(
        acc: Tensor[(4,), "f32"],
        y: Tensor[(4,), "f32"]
    ) -> Tensor[(4,), "f32"]:
        for k in range(3):
            acc_2 = mul(acc, y)
            acc = acc_2
        return acc

    @func
    def dim_trips(
        x: Tensor[(R, 4), "f32"]
    ) -> Tensor[(R, 4), "f32"]:
        acc = relu(x)
        for i in range(R // 2):
            acc_2 = sub(acc, x)
            acc = acc_2
        return acc
