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

N = DimVar("N", 1, 65)
M = DimVar("M", 1, 9)

@module(entry="drop_last_row")
class DimShapes:
    @func
    def half_rows(
        x: Tensor[(N, 4), "f32"]
    ) -> Tensor[(N // 2, 4), "f32"]:
        v0 = zeros(type=Tensor[(N // 2, 4), "f32"])
        return v0

    @func
    def quarter_rows(
        x: Tensor[(((N - 1) // 4) + 1, 4), "f32"]
    ) -> Tensor[(((N - 1) // 4) + 1, 4), "f32"]:
        v0 = relu(x)
        return v0

    @func
    def tiles_per_row(
        x: Tensor[(N, M), "f32"]
    ) -> Tensor[(ceildiv(N, M), 2), "f32"]:
        v0 = zeros(type=Tensor[(ceildiv(N, M), 2), "f32"])
        return v0

    @func
    def doubled_rows(
        x: Tensor[(2 * N, 3), "f32"]
    ) -> Tensor[(N, 2, 3), "f32"]:
        v0 = reshape(x, new_shape=(N, 2, 3))
        return v0

    @func
    def drop_last_row(
        x: Tensor[(N, 4), "f32"],
        y: Tensor[(N + 1, 4), "f32"]
    ) -> Tensor[(N, 4), "f32"]:
        v0 = 0
        v1 = 0
        head = slice(y, (0, 0), sizes=(N, 4), strides=(1, 1))
        v3 = add(head, x)
        return v3
