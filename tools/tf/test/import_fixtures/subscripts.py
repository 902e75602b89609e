from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="runtime_window")
class Subscripts:
    @func
    def top_rows(
        x: Tensor[(8, 6), "f32"]
    ) -> Tensor[(4, 6), "f32"]:
        v0 = 0
        v1 = 0
        head = x[0:4, :]
        v3 = neg(head)
        return v3

    @func
    def strided_columns(
        x: Tensor[(4, 8), "f32"]
    ) -> Tensor[(2, 3), "f32"]:
        v0 = 1
        v1 = 1
        v3 = x[1:3, 1:10:3]
        return v3

    @func
    def pick_column(
        x: Tensor[(4, 8), "f32"]
    ) -> Tensor[(4,), "f32"]:
        v0 = 0
        v1 = 5
        v3 = x[:, 5:6]
        v4 = reshape(v3, new_shape=(4,))
        return v4

    @func
    def runtime_window(
        x: Tensor[(8, 6), "f32"],
        p: Tensor[(), "i64"]
    ) -> Tensor[(2, 6), "f32"]:
        v0 = 7
        row = mod(p, v0)
        v1 = 0
        w = slice(x, (row, 0), sizes=(2, 6), strides=(1, 1))
        v3 = exp(w)
        return v3
