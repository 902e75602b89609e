from __future__ import annotations
from tilefoundry.module import module
from tilefoundry import func
N = DimVar("N", 1, 17)
thread = Mesh((Topology("thread", 128),), Layout((4, 32), (32, 1)), names=('w', 't'))

@module(entry="main", target=CpuTarget(), topologies=(Topology("cta", 4),))
class Model:
    @module(entry="inner", target=CpuTarget())
    class child:
        @func
        def helper(
            x: Tensor[(4, 8), "f32"]
        ) -> Tensor[(4, 8), "f32"]:
            y = exp2(x)
            return y

        @func
        def inner(
            x: Tensor[(4, 8), "f32"]
        ) -> Tensor[(4, 8), "f32"]:
            y = helper(x)
            z = unary(y, kind="rsqrt")
            return z

    @func
    def two(
        x: Tensor[(4, 8), "f32"],
        w: ConstTensor[(8,), "f32"]
    ):
        a = x[0:2, :]
        b = rms_norm(x, w, eps=1e-06)
        s = reduce(b, axes=(1,), keepdim=False, kind="sum")
        return (a, s, 1.0)

    @func
    def main(
        x: Tensor[(4, 8), "f32"]
    ) -> Tensor[(4, 8), "f32"]:
        o = child(x)
        p = cmp_lt(o, x)
        for i in range(0, 4, 2):
            q = add(o, x)
            r = sub(x, o)
            o = q
            x = r
        v = add(o, x)
        return v
