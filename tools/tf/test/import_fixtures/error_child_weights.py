from __future__ import annotations

from tilefoundry.module import module
from tilefoundry import func
from tilefoundry.target import CudaTarget
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import ConstTensor, Tensor
from tilefoundry.dsl.storage import gmem, host, rmem, smem, tmem  # noqa: F401
from tilefoundry.ir.types.shard import (
    B, S, P, ComposedLayout, Layout, Mesh, ShardLayout, Topology,
)

@module(entry="head", target=CudaTarget("nvidia.h200_sxm"))
class Head:
    @module(entry="project")
    class proj:
        @func
        def project(
            x: Tensor[(2, 8), "f32"],
            w: ConstTensor[(8, 4), "f32"]
        ) -> Tensor[(2, 4), "f32"]:
            v0 = matmul(x, w)
            return v0

    @func
    def head(
        x: Tensor[(2, 8), "f32"]
    ) -> Tensor[(2, 4), "f32"]:
        y = proj(x)
        v0 = softmax(y, axis=-1)
        return v0
