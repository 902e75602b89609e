"""Bad input to the Python module (issue 34, finding 6): files that are not regular files, or too
large, are refused as `tf check` refuses them, without reading; every error about a file, a
program or an argument is a TfError carrying the tag and the place `tf` prints; an argument of
the wrong Python type is a TfTypeError (a TfError and a TypeError)."""

import os
import pathlib

import numpy as np
import pytest

import tilefoundry_ref as tf
from expected_errors import refused, only

SAME = "tfir 1\nfunc same(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    return x\n}\n"


# ----- files: the regular-file, size-limited reader (ir/support/regular_file.h) -----


def test_a_character_device_is_refused_without_reading_it():
    e = refused(lambda: tf.load("/dev/zero"))
    d = only(e)
    assert d["tag"] == "usage" and d["file"] == "/dev/zero"
    assert str(e) == "/dev/zero: error[usage]: cannot read '/dev/zero': it is a character device, not a regular file"


def test_a_fifo_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "prog.tfir"
    os.mkfifo(fifo)
    e = refused(lambda: tf.load(str(fifo)))  # before the fix: open() blocked forever
    assert only(e)["tag"] == "usage"
    assert str(e) == f"{fifo}: error[usage]: cannot read '{fifo}': it is a FIFO, not a regular file"


def test_a_directory_is_a_tferror_not_isadirectoryerror(tmp_path):
    e = refused(lambda: tf.load(str(tmp_path)))
    assert only(e)["file"] == str(tmp_path)
    assert str(e) == f"{tmp_path}: error[usage]: cannot read '{tmp_path}': it is a directory"


def test_a_file_over_the_size_limit_is_refused_without_reading_it(tmp_path):
    big = tmp_path / "big.tfir"
    with open(big, "wb") as f:
        f.truncate((1 << 30) + 1)  # sparse: 1 GiB + 1 byte of zeros, no disk used
    e = refused(lambda: tf.load(big))
    assert only(e)["tag"] == "usage"
    assert "it holds 1073741825 bytes, more than the limit of 1073741824 bytes" in str(e)


def test_a_missing_file_and_a_path_holding_nul_are_tferrors(tmp_path):
    missing = tmp_path / "nope.tfir"
    e = refused(lambda: tf.load(str(missing)))
    assert str(e) == f"{missing}: error[usage]: cannot read '{missing}': No such file or directory"
    missing = tmp_path / "tfir_model.tfir"  # a name that starts like a program is still a path
    e = refused(lambda: tf.load(str(missing)))
    assert "No such file or directory" in str(e)
    e = refused(lambda: tf.load("prog\0.tfir"))
    assert only(e)["tag"] == "usage" and "a path cannot hold a NUL byte" in str(e)


def test_path_like_and_bytes_paths_are_read_as_files(tmp_path):
    f = tmp_path / "same.tfir"
    f.write_text(SAME)
    assert tf.load(f).functions == ["same"]
    assert tf.load(os.fsencode(f)).functions == ["same"]
    assert tf.load(str(f)).functions == ["same"]
    assert tf.load("tfir 1").functions == []  # a one-line text is a text when it starts with the header


# ----- bytes that are not text: the reader's errors, placed -----


def test_a_file_that_is_not_utf8_is_a_parse_error_at_its_place(tmp_path):
    f = tmp_path / "latin1.tfir"
    f.write_bytes(SAME.replace("return x", "y\xff = relu(x)\n    return x").encode("latin-1"))
    e = refused(lambda: tf.load(f))  # before the fix: UnicodeDecodeError
    d = only(e)
    assert (d["tag"], d["file"], d["line"], d["column"]) == ("parse", str(f), 3, 6)
    assert str(e) == f"{f}:3:6: error[parse]: non-ASCII text is allowed only in strings and comments"


def test_an_upstream_file_that_is_not_utf8_is_a_parse_error_at_its_place(tmp_path):
    f = tmp_path / "prog.py"
    f.write_bytes(b"from tilefoundry import func\n\n@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n"
                  b") -> Tensor[(4,), \"f32\"]:\n    y\xff = relu(x)\n    return y\n")
    d = only(refused(lambda: tf.load(f)))
    assert (d["tag"], d["line"], d["column"]) == ("parse", 7, 6)
    assert "the byte 0xFF (not UTF-8)" in d["message"]


def test_nul_bytes_in_a_file_or_a_text_are_a_parse_error_at_their_place(tmp_path):
    text = SAME.replace("    return x", "    \0y = relu(x)\n    return x")
    f = tmp_path / "nul.tfir"
    f.write_bytes(text.encode())
    e = refused(lambda: tf.load(f))
    assert str(e) == f"{f}:3:5: error[parse]: unexpected byte 0x00"
    e = refused(lambda: tf.load(text))
    assert str(e) == "<string>:3:5: error[parse]: unexpected byte 0x00"


def test_a_text_with_lone_surrogates_is_read_as_the_bytes_they_stand_for():
    # "\udcff" is how Python decodes the byte 0xFF with errors="surrogateescape".
    text = SAME.replace("return x", "y\udcff = relu(x)\n    return x")
    e = refused(lambda: tf.load(text))  # before the fix: TypeError from the str conversion
    d = only(e)
    assert (d["tag"], d["file"], d["line"], d["column"]) == ("parse", "<string>", 3, 6)


# ----- arguments -----


def test_arguments_of_the_wrong_python_type_are_tftypeerrors():
    m = tf.load(SAME)
    x = np.zeros(2, np.float32)
    cases = [(lambda: tf.load(5), "load: expected a program text or a path (str or os.PathLike), got int"),
             (lambda: m.eval(5, x), "fn: expected a function name (str), got int"),
             (lambda: m.eval("same", x, level=3), "level: expected a level name (str), got int"),
             (lambda: m.eval("same", x, dims=[1]), "dims: expected a dict of DimVar name to int, got list"),
             (lambda: m.eval("same", x, dims={"N": "8"}), "dims['N']: expected an int, got str"),
             (lambda: m.eval("same", x, schedule=1.5), "schedule: expected an int, got float"),
             (lambda: m.eval("same", x, max_steps="5"), "max_steps: expected an int, got str"),
             (lambda: m.params(None), "fn: expected a function name (str), got NoneType"),
             (lambda: tf.Module(None), "Module: expected a program read by tilefoundry_ref.load, got NoneType"),
             (lambda: tf.cast(x, np.float16), "dtype: expected a dtype name (str), got type"),
             (lambda: tf.cast(x, "bf16", saturate="yes"), "saturate: expected a bool or None, got str"),
             (lambda: tf.layout(5), "expression: expected a layout expression (str), got int"),
             (lambda: tf.layout("Layout((2,), (1,))", "A=B"), "definitions: expected a sequence of NAME=EXPR strings")]
    for call, message in cases:
        e = refused(call, tf.TfTypeError)
        assert isinstance(e, TypeError)
        assert only(e)["tag"] == "usage"
        assert message in str(e), (message, str(e))


def test_arrays_that_do_not_fit_the_parameter_are_tferrors():
    m = tf.load(SAME)
    cases = [([[1.0], [2.0, 3.0]], "input x: list is not an array of numbers"),
             ("abc", "input x: an array of dtype <U3"),
             (None, "input x: an array of dtype object"),
             (np.zeros(2, np.complex64), "input x: an array of dtype complex64"),
             (np.zeros(2, np.int32), "input x is i32, the parameter is f32"),
             (np.zeros((2, 2), np.float32), "input x has rank 2 (shape (2, 2)); the parameter has rank 1"),
             (np.zeros(3, np.float32), "input x has shape (3,); axis 0 of the parameter is 2")]
    for value, message in cases:
        e = refused(lambda: m.eval("same", value))
        assert only(e)["tag"] == "usage"
        assert message in str(e), (message, str(e))
    # A list of numbers is an array like any other (float64, rounded once to the f32 parameter).
    assert m.eval("same", [1.0, 2.5]).tolist() == [1.0, 2.5]


def test_names_counts_and_ranges_of_arguments_are_tferrors():
    m = tf.load(SAME)
    x = np.zeros(2, np.float32)
    cases = [(lambda: m.eval("nope", x), "usage", "the program has no function 'nope'"),
             (lambda: m.eval("same"), "usage", "@same takes 1 inputs (x), 0 given"),
             (lambda: m.eval("same", x, x), "usage", "@same takes 1 inputs (x), 2 given"),
             (lambda: m.eval("same", x, level="ptx"), "usage", "the levels are hir and tir, and the backends emu and gpu"),
             (lambda: m.eval("same", x, dims={"N": 1 << 70}), "usage", "dims['N'] 1180591620717411303424 is out of range"),
             (lambda: m.eval("same", x, schedule=-1), "usage", "schedule -1 is out of range: it takes 0 to 18446744073709551615"),
             (lambda: tf.cast(x, "f33"), "TYPES.3.DTYPE.from-name-rejects-unknown", "unknown dtype 'f33'"),
             # A name is checked before it goes into the program cast composes: no text can be injected.
             (lambda: tf.cast(x, "f32) -> x"), "TYPES.3.DTYPE.from-name-rejects-unknown", "unknown dtype 'f32) -> x'"),
             (lambda: tf.cast(x, "bf16", rounding="up"), "usage", "rounding 'up' is not one of rn, rz, rp"),
             (lambda: tf.quantize(np.zeros((1, 32), np.float32), "MXFP8_E4M3", scale_method="floor"), "usage",
              "scale_method 'floor' is not one of ocp, rceil, nvfp4")]
    for call, tag, message in cases:
        e = refused(call)
        assert only(e)["tag"] == tag, (message, e.diagnostics)
        assert message in str(e), (message, str(e))


def test_huge_shapes_are_eval_errors_at_their_binding():
    # 4 * 10^10 bytes is over the budget asked for; 2^64 bytes over any budget.
    for shape, need in (("(100000, 100000)", "needs 40000000000 bytes"), (f"({1 << 62}, 4)", "needs more than 2^63 bytes")):
        m = tf.load(f"tfir 1\nfunc big() -> Tensor[{shape}, f32] {{\n"
                    f"    z = zeros(type=Tensor[{shape}, f32])\n    return z\n}}\n")
        d = only(refused(lambda: m.eval("big", max_memory="1G")))
        assert (d["tag"], d["file"], d["line"], d["column"]) == ("eval", "<string>", 3, 5)
        assert d["message"].startswith("hir.tensor.Zeros: its result " + need), d["message"]
