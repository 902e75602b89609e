"""Inputs are checked before they are copied (issue 34, finding 7): an array the parameter does not
take (its rank or a static extent) or whose C-contiguous copy does not fit the memory budget is a
TfError before the package copies it, never NumPy's MemoryError; `cast` and `quantize` refuse a
copy beyond the default budget likewise. `run` takes only the backends emu and gpu (finding 8):
the evaluator's levels hir and tir are refused as `tf run --backend` refuses them.

The huge arrays are broadcast views of one element (np.broadcast_to): the tests allocate nothing
of their size."""

import numpy as np
import pytest

import tilefoundry_ref as tf
from expected_errors import refused, only

H = "tfir 1\nfunc h(x: Tensor[(8, 2), f32]) -> Tensor[(8, 2), f32] {\n    return x\n}\n"
TERA = 2**40  # elements: 4 TiB as f32, over the budget of any machine these tests run on
BIG = f"tfir 1\nfunc big(x: Tensor[({TERA},), f32]) -> Tensor[({TERA},), f32] {{\n    return x\n}}\n"
MEBI = 2**20
TWO = (f"tfir 1\nfunc two(x: Tensor[({MEBI},), f32], y: Tensor[({MEBI},), f32]) -> Tensor[({MEBI},), f32] {{\n"
       "    z = add(x, y)\n    return z\n}\n")


def huge(shape, dtype=np.float32):
    return np.broadcast_to(dtype(1), shape)


def test_a_huge_input_of_the_wrong_rank_is_refused_before_it_is_copied():
    d = only(refused(lambda: tf.load(H).eval("h", huge((TERA,)))))
    assert d["tag"] == "usage"
    assert d["message"] == "input x has rank 1 (shape (1099511627776,)); the parameter has rank 2"


def test_a_huge_input_of_the_wrong_extent_is_refused_before_it_is_copied():
    d = only(refused(lambda: tf.load(H).eval("h", huge((TERA, 2)))))
    assert d["tag"] == "usage"
    assert d["message"] == "input x has shape (1099511627776, 2); axis 0 of the parameter is 8"


def test_a_copy_over_the_memory_budget_is_refused_before_it_is_made():
    m = tf.load(BIG)
    for kwargs in ({}, {"max_memory": "1G"}, {"level": "tir"}):
        d = only(refused(lambda: m.eval("big", huge((TERA,)), **kwargs)))
        assert d["tag"] == "usage"
        assert d["message"].startswith("input x: its result needs 4398046511104 bytes with 0 live; the memory budget is "), d
        assert d["message"].endswith(" bytes (--max-memory)"), d
    d = only(refused(lambda: m.eval("big", huge((TERA,)), max_memory="1G")))
    assert d["message"].endswith("the memory budget is 1073741824 bytes (--max-memory)"), d
    # A big-endian or a narrow array of the right shape is converted by a copy: checked the same.
    views = [np.broadcast_to(np.array(1, dtype=">f4"), (TERA,))]
    ml_dtypes = tf._ml_dtypes_module()
    if ml_dtypes is not None:
        views.append(np.broadcast_to(np.array(1, dtype=ml_dtypes.bfloat16), (TERA,)))  # to f32 values
    for view in views:
        d = only(refused(lambda: m.eval("big", view, max_memory="1G")))
        assert d["message"].startswith("input x: its result needs 4398046511104 bytes with 0 live"), d
    # With run as with eval: the input is checked before any backend is involved.
    d = only(refused(lambda: m.run("big", huge((TERA,)), max_memory="1G")))
    assert d["message"].startswith("input x: its result needs 4398046511104 bytes with 0 live"), d


def test_the_copies_of_earlier_inputs_count_as_live():
    m = tf.load(TWO)
    x = huge((MEBI,))  # a copy of 4 MiB each
    d = only(refused(lambda: m.eval("two", x, x, max_memory="6M")))
    assert d["message"] == ("input y: its result needs 4194304 bytes with 4194304 live; the memory budget is "
                            "6291456 bytes (--max-memory)")
    # Within the budget, broadcast and strided inputs are copied and run as before.
    assert m.eval("two", x, np.arange(2 * MEBI, dtype=np.float32)[::2], max_memory="64M")[:3].tolist() == [1, 3, 5]


def test_a_bad_max_memory_is_refused_at_the_copy_as_at_the_evaluation():
    d = only(refused(lambda: tf.load(BIG).eval("big", huge((TERA,)), max_memory="lots")))
    assert d["tag"] == "usage"
    assert "max_memory 'lots' is not a positive byte count" in d["message"], d


def test_cast_and_quantize_refuse_a_copy_beyond_the_default_budget():
    for call, what, need in ((lambda: tf.cast(huge((TERA,)), "fp8e4m3"), "cast", 4398046511104),
                             (lambda: tf.quantize(huge((2**35, 32)), "MXFP8_E4M3"), "quantize", 4398046511104),
                             (lambda: tf.cast(huge((TERA,), np.int8), "i32"), "cast", 1099511627776)):
        d = only(refused(call))
        assert d["tag"] == "usage"
        assert d["message"].startswith(f"{what}: its result needs {need} bytes with 0 live; the memory budget is "), d
    # A small broadcast array is still cast.
    assert tf.cast(huge((3,)), "bf16").values.tolist() == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("backend", ["hir", "tir", "ptx"])
def test_run_takes_only_the_backends_emu_and_gpu(backend):
    m = tf.load(H)
    d = only(refused(lambda: m.run("h", np.zeros((8, 2), np.float32), backend=backend)))
    assert d["tag"] == "usage"
    assert d["message"].startswith(f"backend '{backend}': the backends are emu and gpu"), d
    e = refused(lambda: m.run("h", np.zeros((8, 2), np.float32), backend=1), tf.TfTypeError)
    assert "backend: expected a backend name (str), got int" in str(e)
