from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="select")
class Elementwise:
    @func
    def float_binaries(
        a: Tensor[(4, 8), "f32"],
        b: Tensor[(4, 8), "f32"]
    ):
        s = add(a, b)
        d = sub(s, b)
        p = mul(d, b)
        q = div(p, b)
        lo = min(q, a)
        hi = max(q, b)
        return (lo, hi)

    @func
    def int_binaries(
        m: Tensor[(8,), "i64"],
        n: Tensor[(8,), "i64"]
    ):
        d = abs(n)
        v0 = 1
        d_2 = add(d, v0)
        fd = floor_div(m, d_2)
        r = mod(m, d_2)
        return (fd, r)

    @func
    def compares(
        a: Tensor[(8,), "f32"],
        b: Tensor[(8,), "f32"]
    ):
        lt = cmp_lt(a, b)
        le = cmp_le(a, b)
        both = logical_and(lt, le)
        gt = cmp_gt(a, b)
        eq = cmp_eq(a, b)
        either = logical_or(gt, eq)
        ne = cmp_ne(a, b)
        nothing = logical_not(ne)
        ge = cmp_ge(a, b)
        return (both, either, nothing, ge)

    @func
    def unaries(
        x: Tensor[(8,), "f32"]
    ):
        a = abs(x)
        n = neg(a)
        e = exp(n)
        l = log(e)
        e2 = exp2(l)
        l2 = log2(e2)
        c = ceil(x)
        r = round(x)
        rs = unary(a, kind="rsqrt")
        sq = unary(x, kind="square")
        ur = unary(x, kind="relu")
        return (l2, c, r, rs, sq, ur)

    @func
    def activations(
        x: Tensor[(8,), "f32"]
    ):
        r = relu(x)
        s = sigmoid(x)
        tanh_out = tanh(x)
        si = silu(x)
        g = gelu(x, approximate="tanh")
        sp = softplus(x)
        return (r, s, tanh_out, si, g, sp)

    @func
    def casts(
        x: Tensor[(8,), "f32"]
    ) -> Tensor[(8,), "f32"]:
        h = cast(x, dtype="bf16")
        v0 = cast(h, dtype="f32")
        return v0

    @func
    def select(
        c: Tensor[(8,), "bool"],
        a: Tensor[(8,), "f32"],
        b: Tensor[(8,), "f32"]
    ) -> Tensor[(8,), "f32"]:
        v0 = where(c, a, b)
        return v0
