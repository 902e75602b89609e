from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import ConstTensor, Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@func
def affine_gate(
    x: Tensor[(4, 8), "f32"],
    w: ConstTensor[(8, 8), "f32"],
    bias: ConstTensor[(8,), "f32"],
    gate: Tensor[(4, 8), "f32"]
) -> Tensor[(4, 8), "f32"]:
    proj = matmul(x, w)
    shifted = add(proj, bias)
    v0 = sigmoid(gate)
    v1 = mul(shifted, v0)
    return v1
