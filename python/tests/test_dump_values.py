"""Module.eval(..., dump_values=...) (issue 42 item 1): the values `tf eval --dump-values` prints,
returned beside the result with their places: every binding of a func at each evaluation, the
named ones, an unknown name, and a prim_func's memory at the end of the run."""

import numpy as np
import pytest

import tilefoundry_ref as tf

LOOP = """tfir 1
func fib(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {
    r = for i in range(0, 3, 1) carry (a = x, b = x) {
        c = add(a, b)
        yield (b, c)
    }
    out = tuple_get_item(r, index=1)
    return out
}
func empty_loop(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {
    r = for i in range(0, 0, 1) carry (a = x) {
        b = add(a, a)
        yield (b)
    }
    return r
}
"""

KERNEL = """tfir 1
mesh m = Mesh((Topology("thread", 4),), Layout((4,), (1,)))
layout T = ShardLayout(layout=Layout((4,), (1,)), attrs=(S(0),), mesh=m)
layout R = ShardLayout(layout=Layout((4,), (0,)), attrs=(S(0),), mesh=m)

prim_func stage(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    with m as t {
        let s = alloc_tensor(tensor_type=Tensor[(8,), f32, storage=smem])
        let lo = tensor_view(s, layout=Layout((4,), (1,)))
        let mine = tensor_view(lo, layout=T)
        let src = tensor_view(a, layout=T)
        copy(src, mine)
        let r = alloc_tensor(tensor_type=Tensor[(4,), f32, layout=R, storage=rmem])
        copy(mine, r)
        let o = tensor_view(out, layout=T)
        binary(r, r, o, kind=add)
    }
}
"""


def test_every_binding_at_each_evaluation_with_its_place():
    m = tf.load(LOOP)
    y, values = m.eval("fib", np.float32([1]), dump_values=True)
    assert y.tolist() == [5.0]
    assert [(v.name, v.line, v.column, v.where) for v in values] == [
        ("c", 4, 9, "i=0"), ("c", 4, 9, "i=1"), ("c", 4, 9, "i=2"),
        ("r[0]", 3, 5, ""), ("r[1]", 3, 5, ""), ("out", 7, 5, "")]
    assert [v.value.tolist() for v in values] == [[2.0], [3.0], [5.0], [3.0], [5.0], [5.0]]
    assert all(v.value.dtype == np.float32 and v.note == "" for v in values)
    assert values[0].file == "<string>"  # the name load gives a program's text
    # Without dump_values the result alone, as before.
    assert m.eval("fib", np.float32([1])).tolist() == [5.0]


def test_named_bindings_and_one_never_evaluated():
    m = tf.load(LOOP)
    _, values = m.eval("fib", np.float32([1]), dump_values=["out"])
    assert [(v.name, v.value.tolist()) for v in values] == [("out", [5.0])]
    _, none = m.eval("empty_loop", np.float32([1]), dump_values=True)
    assert [(v.name, v.value is None, v.note) for v in none] == [
        ("r", False, ""), ("b", True, "never evaluated in this run")]


def test_an_unknown_name_is_a_usage_error_with_the_nearest_names():
    with pytest.raises(tf.TfError) as e:
        tf.load(LOOP).eval("fib", np.float32([1]), dump_values=["cc"])
    assert e.value.tag == "usage"
    assert "dump_values: @fib has no binding 'cc' (its bindings: r, c, out)" in str(e.value)
    assert "did you mean: c" in str(e.value)
    with pytest.raises(tf.TfTypeError):
        tf.load(LOOP).eval("fib", np.float32([1]), dump_values="c")  # a list of names, not a str


def test_a_prim_func_shows_its_memory_at_the_end():
    y, values = tf.load(KERNEL).eval("stage", np.float32([10, 11, 12, 13]), dump_values=True)
    assert y.tolist() == [20.0, 22.0, 24.0, 26.0]
    assert [(v.name, v.line, v.value.tolist()) for v in values] == [
        ("s", 8, [10.0, 11.0, 12.0, 13.0, 0.0, 0.0, 0.0, 0.0]),
        ("r", 13, [10.0, 11.0, 12.0, 13.0]),
        ("out", 6, [20.0, 22.0, 24.0, 26.0])]
    assert values[0].note == "4 of 8 elements never written (shown as 0; the first is element 4)"
