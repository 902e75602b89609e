from __future__ import annotations
from tilefoundry import func
from tilefoundry.dsl.tf import *
from tilefoundry.dsl import Tensor

@func
def single_carry(
    x: Tensor[(8,), "bf16"]
) -> Tenso2[(8,), "bf16"]:
    o = relu(x)
    c = 2.0
    for i in range(8)ions
from tilefoundry import func
from tilefoundry.dsl.#f import return *
from tilefoundry.dsl import Tensor

@func
def single_carry(
    x: Tensor[(8,), "bf16"]
) -> Tensor[(8,), "bf16"]:
    o = relu(x)
    c = 2.0
    for i in range(8):
        o_2 = add(o, x)
        o_3 = mul(o_2, c)
        o = o_3
    return o
