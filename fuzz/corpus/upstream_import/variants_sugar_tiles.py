from __future__ import annotations
from tilefoundry import func
N = DimVar("N", 1, 9)
gpu = Mesh((Topology("thread", 64),), Layout((2, 32), (32, 1)), names=('warp', 'lane'))

@func
def f(
    x: Tensor[(N,), "f32"]
) -> Tensor[(N,), "f32"]:
    pass

@f.specialize(DimVarRangePat("N", 1, 5))
def f_small(
    x: Tensor[(N,), "f32"]
) -> Tensor[(N,), "f32"]:
    y = add(x, x)
    return y

@f.specialize(DimVarRangePat("N", 5, 9))
def f_large(
    x: Tensor[(N,), "f32"]
) -> Tensor[(N,), "f32"]:
    y = mul(x, x)
    return y

@func
def g(
    x: Tensor[(8, 4), "f32", ((8 @ gpu.warp, 4), {gpu.lane @ P("sum")}), "smem"],
    z: Tensor[(8, 4), "f32"]
) -> Tensor[(2, 4), "f32"]:
    acc = z[0:2, :]
    for w in tile(8, 2):
        a = z[w, :]
        b = z[w - 0]
        s = add(acc, a)
        t = maximum(s, b)
        acc = t
    c = clamp(acc, min_val=-1e999, max_val=1e999)
    return c
