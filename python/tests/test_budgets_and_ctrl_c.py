"""Budgets and Ctrl-C for Module.eval / run (issue 34, finding 6): max_memory and max_steps mean
what `tf eval --max-memory / --max-steps` mean, with the same defaults; a SIGINT while the
evaluator runs (the GIL released) stops it and raises KeyboardInterrupt, or, where the program
installed a handler that does not raise, TfError "interrupted (Ctrl-C)"; Python's own handling
of SIGINT is as before afterwards."""

import ctypes
import os
import signal
import threading

import numpy as np
import pytest

import tilefoundry_ref as tf
from expected_errors import only
from tilefoundry_ref import _core

# A func whose loop runs 10^12 trips and a prim_func whose while loop never ends: each runs until
# its step budget is spent or it is interrupted.
SPIN = ("tfir 1\nfunc spin(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n"
        "    r = for i in range(0, 1000000000000, 1) carry (a = x) {\n        b = add(a, a)\n        yield (b)\n    }\n"
        "    return r\n}\n")
SPIN_PRIM = """tfir 1
prim_func spin(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    let n = alloc_tensor(tensor_type=Tensor[(), i32, storage=rmem])
    fill(n, 1)
    while n {
        fill(n, 1)
    }
    copy(a, out)
}
"""
SAME = "tfir 1\nfunc same(x: Tensor[(1024,), f32]) -> Tensor[(1024,), f32] {\n    return x\n}\n"
FOREVER = 10**18  # steps: far more than any test runs


def c_sigint_handler() -> bytes:
    """The handler SIGINT has at the C level (sigaction's first field: the handler's address)."""
    action = ctypes.create_string_buffer(256)  # larger than any struct sigaction
    assert ctypes.CDLL(None).sigaction(signal.SIGINT, None, action) == 0
    return action.raw[:ctypes.sizeof(ctypes.c_void_p)]


def test_the_default_step_budget_is_the_clis():
    assert tf.DEFAULT_MAX_STEPS == 10**9


def test_max_steps_bounds_the_hir_evaluator():
    with pytest.raises(tf.TfError) as e:
        tf.load(SPIN).eval("spin", np.zeros(2, np.float32), max_steps=1000)
    assert type(e.value) is tf.TfError
    d = only(e.value)
    assert (d["tag"], d["line"], d["column"]) == ("eval", 3, 5)
    assert ("the loop range(0, 1000000000000, 1) runs 1000000000000 trips, more than the 1000 steps left of the "
            "budget of 1000") in d["message"]


def test_max_steps_bounds_the_machine_model():
    with pytest.raises(tf.TfError) as e:
        tf.load(SPIN_PRIM).eval("spin", np.zeros(4, np.float32), max_steps=1000)
    d = only(e.value)
    assert (d["tag"], d["line"], d["column"]) == ("eval", 5, 5)
    assert d["message"] == "the step budget of 1000 statements is spent (--max-steps)"


def test_max_memory_counts_the_inputs_as_tf_eval_does():
    m = tf.load(SAME)
    x = np.zeros(1024, np.float32)  # 4096 bytes
    for budget in (4095, "4095", "3K"):
        with pytest.raises(tf.TfError) as e:
            m.eval("same", x, max_memory=budget)
        d = only(e.value)
        assert d["tag"] == "usage"
        assert d["message"].startswith("input x: its result needs 4096 bytes with 0 live; the memory budget is "), d
    assert m.eval("same", x, max_memory="4K").shape == (1024,)
    assert m.eval("same", x, max_memory=1 << 40).shape == (1024,)


def test_budgets_out_of_range_are_tferrors():
    m = tf.load(SAME)
    x = np.zeros(1024, np.float32)
    cases = [({"max_memory": 0}, "max_memory 0 is out of range: it takes 1 to 9223372036854775807"),
             ({"max_memory": "8Q"}, "max_memory '8Q' is not a positive byte count"),
             ({"max_memory": ""}, "max_memory '' is not a positive byte count"),
             ({"max_memory": "16777216T"}, "max_memory '16777216T' is not a positive byte count"),
             ({"max_steps": 0}, "max_steps 0 is out of range: it takes 1 to 9223372036854775807"),
             ({"max_steps": 1 << 63}, "max_steps 9223372036854775808 is out of range")]
    for kwargs, message in cases:
        with pytest.raises(tf.TfError) as e:
            m.eval("same", x, **kwargs)
        assert type(e.value) is tf.TfError
        assert only(e.value)["tag"] == "usage"
        assert message in str(e.value), (message, str(e.value))


def test_run_takes_the_same_budgets():
    with pytest.raises(tf.TfError) as e:
        tf.load(SAME).run("same", np.zeros(1024, np.float32), max_memory=4095)
    assert "the memory budget is 4095 bytes" in str(e.value)


def interrupt_when_evaluating():
    """A thread that sends this process one SIGINT as soon as an evaluation has its Ctrl-C handler
    installed (_core.sigint_guards() > 0): the signal arrives while the evaluator runs."""
    def send():
        while _core.sigint_guards() == 0:
            threading.Event().wait(0.001)
        os.kill(os.getpid(), signal.SIGINT)
    t = threading.Thread(target=send)
    t.start()
    return t


@pytest.mark.parametrize("source,level,size", [(SPIN, "hir", 2), (SPIN, "tir", 2), (SPIN_PRIM, "hir", 4)])
def test_ctrl_c_stops_an_evaluation_with_keyboardinterrupt(source, level, size):
    m = tf.load(source)
    pythons = c_sigint_handler()
    sender = interrupt_when_evaluating()
    with pytest.raises(KeyboardInterrupt):  # before the fix: the evaluation ran on, Ctrl-C or not
        m.eval("spin", np.zeros(size, np.float32), level=level, max_steps=FOREVER)
    sender.join()
    # Python's handling is as it was: its handler in place, the module's removed, and the next
    # evaluation not interrupted by the flag the last one set.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert _core.sigint_guards() == 0 and c_sigint_handler() == pythons
    assert tf.load(SAME).eval("same", np.ones(1024, np.float32)).sum() == 1024.0
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)


def test_ctrl_c_under_a_handler_that_does_not_raise_is_the_evaluators_interrupted_error():
    seen = []
    previous = signal.signal(signal.SIGINT, lambda sig, frame: seen.append(sig))
    try:
        sender = interrupt_when_evaluating()
        with pytest.raises(tf.TfError) as e:
            tf.load(SPIN).eval("spin", np.zeros(2, np.float32), max_steps=FOREVER)
        sender.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert seen == [signal.SIGINT]  # the program's handler ran, once
    d = only(e.value)
    assert (d["tag"], d["message"]) == ("eval", "interrupted (Ctrl-C)")
    assert d["file"] == "<string>" and d["line"] in (3, 4)  # the loop, or the op in it that was running


def test_evaluations_on_several_threads_leave_pythons_handler_in_place():
    pythons = c_sigint_handler()
    m = tf.load(SAME)
    results = []

    def work():
        for _ in range(50):
            results.append(float(m.eval("same", np.ones(1024, np.float32)).sum()))
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [1024.0] * 200
    assert _core.sigint_guards() == 0 and c_sigint_handler() == pythons
