from __future__ import annotations

from tilefoundry import func
from tilefoundry.dsl.tf import *  # noqa: F401, F403
from tilefoundry.dsl import Tensor

@func
def rms_norm_rows(
    x: Tensor[(2, 4), "bf16"],
    w: Tensor[(4,), "bf16"]
) -> Tensor[(2, 4), "bf16"]:
    v0 = rms_norm(x, w, eps=1e-06)
    v1 = 2.0
    v2 = mul(v0, v1)
    return v2
