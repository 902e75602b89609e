from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="paired_windows")
class Windows:
    @func
    def row_blocks(
        x: Tensor[(8, 4), "f32"],
        seed: Tensor[(4, 4), "f32"]
    ) -> Tensor[(4, 4), "f32"]:
        v0 = 0.5
        acc = mul(seed, v0)
        for w in tile(8, 4):
            acc_2 = x[w, :]
            acc_3 = add(acc, acc_2)
            acc = acc_3
        return acc

    @func
    def window_and_offset_rows(
        x: Tensor[(8, 6), "f32"]
    ) -> Tensor[(2, 3), "f32"]:
        acc = zeros(type=Tensor[(2, 3), "f32"])
        for w in tile(6, 2):
            acc_2 = x[w + 1, 0:3]
            acc_3 = add(acc, acc_2)
            acc = acc_3
        return acc

    @func
    def tile_without_window(
        x: Tensor[(4,), "f32"]
    ) -> Tensor[(4,), "f32"]:
        acc = relu(x)
        for i in range(0, 8, 2):
            acc_2 = add(acc, x)
            acc = acc_2
        return acc

    @func
    def paired_windows(
        g: Tensor[(3, 12), "f32"],
        seed: Tensor[(3, 2), "f32"]
    ) -> Tensor[(3, 2), "f32"]:
        out = neg(seed)
        for n in tile(6, 2):
            out_2 = g[:, n]
            out_3 = g[:, n + 6]
            out_4 = mul(out_2, out_3)
            out_5 = add(out, out_4)
            out = out_5
        return out
