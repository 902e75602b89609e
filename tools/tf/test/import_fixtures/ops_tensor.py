from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="place_rows")
class TensorOps:
    @func
    def reshape_transpose(
        x: Tensor[(2, 12), "f32"]
    ) -> Tensor[(4, 2, 3), "f32"]:
        r = reshape(x, new_shape=(2, 3, 4))
        v0 = transpose(r, perm=(2, 0, 1))
        return v0

    @func
    def split_join(
        x: Tensor[(4, 6), "f32"]
    ):
        halves = split(x, axis=1, num_splits=2)
        b = tuple_get_item(halves, index=1)
        a = tuple_get_item(halves, index=0)
        c = concat(b, a, axis=0)
        s = stack(a, b, axis=1)
        return (c, s)

    @func
    def gather_rows(
        x: Tensor[(6, 3), "f32"]
    ) -> Tensor[(3, 6), "f32"]:
        idx = arange(type=Tensor[(3,), "i64"], start=1, step=2)
        rows = index_select(x, idx, dim=0)
        v0 = repeat_interleave(rows, repeats=2, axis=1)
        return v0

    @func
    def fills(
        x: Tensor[(3, 4), "f32"]
    ) -> Tensor[(3, 4), "f32"]:
        z = zeros(type=Tensor[(3, 4), "f32"])
        f = full_like(x, value=2.5)
        v0 = add(z, f)
        return v0

    @func
    def place_rows(
        dst: Tensor[(6, 4), "f32"],
        upd: Tensor[(2, 4), "f32"],
        p: Tensor[(), "i64"]
    ) -> Tensor[(6, 4), "f32"]:
        v0 = 5
        row = mod(p, v0)
        v1 = 0
        v3 = insert_slice(dst, upd, (row, 0))
        return v3
