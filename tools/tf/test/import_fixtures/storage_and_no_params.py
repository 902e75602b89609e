from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="no_params")
class Storages:
    @func
    def unmaterialized(
        x: Tensor[(8,), "f32", "umat"],
        s: Tensor[(), "i64", "umat"],
        h: Tensor[(8,), "f32", "host"]
    ):
        y = add(x, x)
        return (y, s, h)

    @func
    def no_params(
    ) -> Tensor[(6,), "i64"]:
        v0 = arange(type=Tensor[(6,), "i64"], start=2, step=3)
        return v0
