from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)
from tilefoundry.ir.core.pattern import DimVarRangePat
from tilefoundry.ir.types.dim import DimVar, ceildiv

N = DimVar("N", 1, 65)

@func
def scale(
    x: Tensor[(N, 4), "f32"]
) -> Tensor[(N, 4), "f32"]:
    pass

@scale.specialize(DimVarRangePat("N", 1, 17))
def scale_small(
    x: Tensor[(N, 4), "f32"]
) -> Tensor[(N, 4), "f32"]:
    v0 = mul(x, x)
    return v0

@scale.specialize(DimVarRangePat("N", 17, 65))
def scale_large(
    x: Tensor[(N, 4), "f32"]
) -> Tensor[(N, 4), "f32"]:
    y = add(x, x)
    v0 = exp2(y)
    return v0
