from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="attention_row")
class Reductions:
    @func
    def reductions(
        x: Tensor[(4, 6, 8), "f32"]
    ):
        s = reduce(x, axes=(2,), keepdim=False, kind="sum")
        m = reduce(x, axes=(1, 2), keepdim=True, kind="mean")
        mx = reduce(x, axes=(0,), keepdim=False, kind="max")
        am = reduce(x, axes=(1,), keepdim=True, kind="abs_max")
        return (s, m, mx, am)

    @func
    def norms(
        x: Tensor[(4, 8), "f32"],
        w: Tensor[(8,), "f32"],
        b: Tensor[(8,), "f32"]
    ):
        r = rms_norm(x, w, eps=1e-06)
        r2 = rms_norm(x, w, eps=1e-05)
        ln = layer_norm(x, w, b, axis=-1, eps=1e-05)
        return (r, r2, ln)

    @func
    def top_two(
        x: Tensor[(4, 8), "f32"]
    ):
        best = topk(x, k=2, axis=-1, largest=True, sorted=True)
        vals = tuple_get_item(best, index=0)
        ids = tuple_get_item(best, index=1)
        am = argmax(x, axis=1)
        return (vals, ids, am)

    @func
    def attention_row(
        q: Tensor[(4, 16), "f32"],
        k: Tensor[(16, 8), "f32"],
        v: Tensor[(8, 16), "f32"]
    ) -> Tensor[(4, 16), "f32"]:
        scores = matmul(q, k)
        p = softmax(scores, axis=-1)
        v0 = matmul(p, v)
        return v0
