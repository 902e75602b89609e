from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="infinities")
class Literals:
    @func
    def bf16_epsilon(
        x: Tensor[(2, 8), "bf16"]
    ) -> Tensor[(2, 8), "bf16"]:
        v0 = 1e-06
        v1 = add(x, v0)
        return v1

    @func
    def f32_scale(
        x: Tensor[(2, 8), "f32"]
    ) -> Tensor[(2, 8), "f32"]:
        v0 = 0.25
        v1 = mul(x, v0)
        return v1

    @func
    def i64_offset(
        n: Tensor[(4,), "i64"]
    ) -> Tensor[(4,), "i64"]:
        v0 = 1
        v1 = add(n, v0)
        return v1

    @func
    def bool_mask(
        m: Tensor[(4,), "bool"]
    ) -> Tensor[(4,), "bool"]:
        v0 = True
        t = logical_and(m, v0)
        v1 = logical_not(t)
        return v1

    @func
    def infinities(
        x: Tensor[(4, 4), "f32"]
    ) -> Tensor[(4, 4), "f32"]:
        lo = full_like(x, value=-1e999)
        c = clamp(x, min_val=-0.5, max_val=1e999)
        v0 = max(lo, c)
        return v0
