from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="tile_mma")
class MiscOps:
    @func
    def quantize(
        x: Tensor[(2, 256), "bf16"]
    ):
        q = quant(x, scheme="per_token_group", group=128, target_dtype="fp8e4m3")
        data = tuple_get_item(q, index=0)
        wide = cast(data, dtype="f32")
        scales = tuple_get_item(q, index=1)
        return (wide, scales)

    @func
    def conv(
        x: Tensor[(1, 2, 6, 6), "f32"],
        w: Tensor[(4, 2, 3, 3), "f32"],
        b: Tensor[(4,), "f32"]
    ) -> Tensor[(1, 4, 6, 6), "f32"]:
        v0 = conv2d(x, w, b, stride=(1, 1), padding=(1, 1), dilation=(1, 1), groups=1)
        return v0

    @func
    def shapes(
        x: Tensor[(3, 5), "f32"]
    ):
        s = shape_of(x)
        r = rank(x)
        return (s, r)

    @func
    def tile_mma(
        a: Tensor[(16, 16), "bf16"],
        b: Tensor[(16, 8), "bf16"]
    ) -> Tensor[(16, 8), "f32"]:
        v0 = mma_sm80_16x8x16(a, b, dtype_a="bf16", dtype_b="bf16", dtype_acc="f32", a_layout="T", b_layout="N")
        return v0
