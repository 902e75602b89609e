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

L = DimVar("L", 1, 129)

@module(entry="score")
class Dispatch:
    @func
    def norm(
        x: Tensor[(L,), "f32"]
    ) -> Tensor[(L,), "f32"]:
        pass

    @norm.specialize(DimVarRangePat("L", 1, 33))
    def norm_short(
        x: Tensor[(L,), "f32"]
    ) -> Tensor[(L,), "f32"]:
        v0 = softmax(x, axis=0)
        return v0

    @norm.specialize(DimVarRangePat("L", 33, 129))
    def norm_long(
        x: Tensor[(L,), "f32"]
    ) -> Tensor[(L,), "f32"]:
        v0 = sigmoid(x)
        return v0

    @func
    def score(
        x: Tensor[(L,), "f32"]
    ) -> Tensor[(L,), "f32"]:
        n = norm(x)
        v0 = mul(n, x)
        return v0
