from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="annotated")
class Annotated:
    @func
    def annotated(
        x: Tensor[(8, 16), "f32"],
        y: Tensor[(8, 16), "f32"]
    ):
        s = add(x, y)  # Tensor[(8, 16), "f32"]; source=annotated.py:12:9
        t = mul(s, y)  # Tensor[(8, 16), "f32"]; source=annotated.py:13:9
        best = topk(t, k=2, axis=-1, largest=True, sorted=True)  # Tuple[Tensor[(8, 2), "f32"], Tensor[(8, 2), "i64"]]; source=annotated.py:14:12
        ids = tuple_get_item(best, index=1)  # Tensor[(8, 2), "i64"]; source=annotated.py:15:11
        vals = tuple_get_item(best, index=0)  # Tensor[(8, 2), "f32"]; source=annotated.py:16:12
        d = sub(vals, vals)  # Tensor[(8, 2), "f32"]; source=annotated.py:17:9
        for i in range(2):  # Tensor[(8, 2), "f32"]
            d_2 = add(d, vals)  # Tensor[(8, 2), "f32"]; source=annotated.py:19:13
            d = d_2
        return (t, ids, d)
