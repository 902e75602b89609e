"""tilefoundry_ref: TileFoundry-C++'s exact reference evaluator, from Python.

    import numpy as np, tilefoundry_ref as tf
    m = tf.load("model.tfir")                  # tfir, or upstream's printed HIR (a .py file)
    y = m.eval("rms_norm", x, w)               # NumPy in, NumPy out, bit-exact
    q = tf.cast(np.float32([1.9, 464.0]), "fp8e4m3")      # q.codes, q.values
    mx = tf.quantize(x, "MXFP8_E4M3", scale_method="rceil")  # codes, block scales, values
    tf.layout("Layout((4, 8), (8, 1))")        # what `tf layout --json` answers

Arrays cross the boundary as `tf eval` takes and writes .npy files (docs/python.md): f16, f32,
i8, i32, i64 and bool arrays as themselves, converted to the parameter's dtype with the dtype's
default mode; the narrow dtypes (bf16, fp8, e8m0, fp6, fp4) as ml_dtypes arrays when ml_dtypes is
installed, else as their raw codes (uint8 / uint16) with the dtype named. Every error raises
TfError, whose .diagnostics carry the tag (rule id or category) and the place of each problem as
`tf` prints them; an argument of the wrong Python type raises TfTypeError, a TfError that is
also a TypeError. `eval` and `run` take the budgets of `tf eval` (max_memory, max_steps) and stop
on Ctrl-C (KeyboardInterrupt).
"""

from __future__ import annotations

import functools
import json
import math
import numbers
import os
import sys
from collections.abc import Mapping
from typing import NamedTuple, Optional, Sequence, Union

import numpy as np

from . import _core

_ML_DTYPES = None  # ml_dtypes once imported; False where it is absent


def _ml_dtypes_module(load: bool = True):
    """ml_dtypes (the narrow float dtypes as NumPy dtypes), imported on first need: importing it
    is most of this module's import time, and a program without narrow dtypes never needs it.
    None where it is absent. With load=False, only when it is imported already (an array of one
    of its dtypes exists only then)."""
    global _ML_DTYPES
    if _ML_DTYPES is None:
        if not load and "ml_dtypes" not in sys.modules:
            return None
        try:
            import ml_dtypes as module
            _ML_DTYPES = module
        except ImportError:  # pragma: no cover - exercised where ml_dtypes is absent
            _ML_DTYPES = False
    return _ML_DTYPES or None

__all__ = ["TfError", "TfTypeError", "Module", "RawCodes", "BlockScaled", "CastResult", "DumpedValue", "load", "cast",
           "quantize", "layout", "DEFAULT_MAX_STEPS"]

# The step budget of an evaluation when max_steps is None: `tf eval`'s --max-steps default (10^9).
DEFAULT_MAX_STEPS = _core.DEFAULT_MAX_STEPS
_INT64_MAX = (1 << 63) - 1


class TfError(Exception):
    """A program, an input, an argument or an evaluation the reference refuses.

    `diagnostics` is a list of dicts: severity, tag (the rule id or a category such as parse,
    usage, eval or internal), rule (the rule id or None), message, file / line / column where the
    place is known (file alone for a file that cannot be read), and text: the diagnostic as `tf`
    prints it. str(e) is those texts, one per diagnostic.
    """

    def __init__(self, diagnostics: list[dict]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.get("text") or _render(d) for d in diagnostics))

    @property
    def tag(self) -> str:
        """The tag of the first diagnostic (a rule id, or a category such as usage or parse)."""
        return self.diagnostics[0]["tag"] if self.diagnostics else ""


class TfTypeError(TfError, TypeError):
    """An argument of the wrong Python type (a number where a name is expected, a dict where a
    dtype is): a TfError tagged usage, and a TypeError as Python's convention has it."""


def _render(d: dict) -> str:
    """A diagnostic as `tf` prints it (Diagnostic::render): place, severity, tag, message."""
    if "line" in d:
        place = f"{d['file']}:{d['line']}:{d['column']}: "
    else:
        place = f"{d['file']}: " if d.get("file") else ""
    return f"{place}{d.get('severity', 'error')}[{d['tag']}]: {d['message']}"


def _usage(message: str, error=TfError) -> TfError:
    """A usage error about the call itself (no file involved)."""
    return error([{"severity": "error", "tag": "usage", "rule": None, "message": message}])


def _call(f, *args):
    try:
        return f(*args)
    except _core.Error as e:
        raise TfError(json.loads(str(e))) from None
    except TypeError as e:  # nanobind's conversion of an argument the checks below let through
        raise _usage(str(e), TfTypeError) from None


def _need(name: str, value, kind, what: str):
    """`value` when it is a `kind`, else TfTypeError naming the argument and what it takes."""
    if not isinstance(value, kind):
        raise _usage(f"{name}: expected {what}, got {type(value).__name__}", TfTypeError)
    return value


def _int_in(name: str, value, low: int, high: int) -> int:
    """`value` as an int in [low, high]: TfTypeError for a non-integer, TfError out of range."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise _usage(f"{name}: expected an int, got {type(value).__name__}", TfTypeError)
    if not low <= int(value) <= high:
        raise _usage(f"{name} {int(value)} is out of range: it takes {low} to {high}")
    return int(value)


def _max_memory_text(max_memory) -> str:
    """max_memory as `tf eval --max-memory` takes it ('' for the default)."""
    if max_memory is None:
        return ""
    if isinstance(max_memory, str):
        if max_memory == "":
            raise _usage("max_memory '' is not a positive byte count (None for the default)")
        return max_memory
    return str(_int_in("max_memory", max_memory, 1, _INT64_MAX))


# tfir narrow dtypes and their ml_dtypes names; the raw code width (|u1 or <u2) of each.
_NARROW = {"bf16": "bfloat16", "fp8e4m3": "float8_e4m3fn", "fp8e5m2": "float8_e5m2", "f8e8m0": "float8_e8m0fnu",
           "f6e3m2": "float6_e3m2fn", "f6e2m3": "float6_e2m3fn", "f4e2m1": "float4_e2m1fn"}
# The NumPy element types the boundary takes (as .npy: <f2 <f4 <f8 |i1 <i4 <i8 |b1 |u1 <u2).
_TAKEN = {np.dtype(t) for t in (np.float16, np.float32, np.float64, np.int8, np.int32, np.int64, np.bool_, np.uint8,
                                np.uint16)}


class RawCodes(np.ndarray):
    """The raw codes of a narrow dtype (uint8 / uint16), one per element, where ml_dtypes is not
    installed; `tf_dtype` names the dtype."""

    tf_dtype: str = ""


class BlockScaled(NamedTuple):
    """A block-scaled value (MX formats, NVFP4): element codes of the logical shape, one block
    scale code per block along the last axis, and NVFP4's f32 tensor scale (else None). The codes
    and scales are arrays of their element and scale dtypes, as `cast` gives codes: ml_dtypes
    (float8_e4m3fn, float4_e2m1fn, float8_e8m0fnu, ...; int8 for MXINT8), or RawCodes without
    ml_dtypes; `.view(np.uint8)` gives the bytes."""

    dtype: str
    codes: np.ndarray
    scales: np.ndarray
    tensor_scale: Optional[float]


class DumpedValue(NamedTuple):
    """One value `Module.eval(..., dump_values=...)` returns beside the result (`tf eval
    --dump-values`): a binding's value at one of its evaluations (a func), or the final contents
    of an allocated tensor or an output (a prim_func, or level "tir"). `where` tells the
    evaluations of one binding apart ("@g call 2, i=3", "CTA 1"; "" for the only one); `file`,
    `line` and `column` are None where the program has no place for it (a lowered program);
    `value` is an array as `eval` returns outputs, or None where there is no one value, and
    `note` says what else to know ("never evaluated in this run", elements never written)."""

    name: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    where: str
    value: object
    note: str


class CastResult(NamedTuple):
    """What `cast` and `quantize` give: the codes (or a BlockScaled) and the values they decode to."""

    codes: object
    values: np.ndarray


def _ml_dtype(tf_dtype: str, load: bool = True):
    module = _ml_dtypes_module(load) if tf_dtype in _NARROW else None
    return None if module is None else getattr(module, _NARROW[tf_dtype], None)


def _to_core(array, param, what: str, max_memory: str, live: int):
    """`array`, meant for `param` (name, dtype, shape as `params` gives it), as the module takes
    it: C-contiguous, little-endian, of a taken element type (narrow ml_dtypes arrays as their
    codes), and the bytes copied to make it so (0 when it is taken in place). `what` names it in
    errors ("input x"). Its element type and shape are checked against the parameter, and a copy
    against the memory budget `max_memory` beside the `live` bytes of earlier copies, before any
    copy is made: an input that cannot be taken is a TfError, never NumPy's MemoryError."""
    param_dtype = param[1]
    a = _as_array(array, what)
    narrow = _ml_dtype(param_dtype, load=False)  # an array of it exists only once ml_dtypes is imported
    target = a.dtype  # the element type the module reads
    if narrow is not None and a.dtype == np.dtype(narrow):  # its own codes
        a = a.view(np.uint16 if a.dtype.itemsize == 2 else np.uint8)  # a view: no copy
        target = a.dtype
    elif _ml_dtypes_module(load=False) is not None and a.dtype.name in _NARROW.values():  # another narrow dtype: its values
        target = np.dtype(np.float32)
    if target == np.float64 and param_dtype != "f32":
        raise _usage(f"{what}: a float64 array for a {param_dtype} parameter: it would be rounded to f32 and then to "
                     f"{param_dtype}, twice; pass float32 (or an array of the parameter's dtype)")
    if target.byteorder == ">":
        target = target.newbyteorder("<")
    if target not in _TAKEN:
        raise _usage(f"{what}: an array of dtype {target} (f2 f4 f8 i1 i4 i8 b1 u1 u2 and ml_dtypes arrays are taken)")
    _check_shape(a.shape, param, what)
    # A C-contiguous array of the taken type is read in place by the module (no copy here);
    # anything else is copied once into that form, within the budget.
    if target == a.dtype and a.flags.c_contiguous:
        return a, 0
    copied = _check_copy(a.shape, target, what, max_memory, live)
    # One copy: astype converts into a new C-ordered array. (Not ascontiguousarray: it makes a
    # 0-d array 1-d.)
    return (a.astype(target, order="C") if target != a.dtype else np.asarray(a, order="C")), copied


def _check_copy(shape: tuple, dtype: np.dtype, what: str, max_memory: str = "", live: int = 0) -> int:
    """The bytes of a C-contiguous copy of `shape` elements of `dtype` (computed on Python ints:
    no overflow), or TfError (usage, `tf eval`'s wording for an input over the budget, naming
    `what`) when they do not fit the memory budget `max_memory` ("" for the default) beside the
    `live` bytes of earlier copies."""
    copied = math.prod(shape) * dtype.itemsize
    _call(_core.check_input_copy, what, min(copied, _INT64_MAX), live, max_memory)
    return copied


def _check_budget_of_conversion(a: np.ndarray, what: str):
    """For `cast` / `quantize`: TfError when `a` would have to be copied (a strided, broadcast or
    big-endian array) and the copy does not fit the default memory budget, before any copy."""
    if not a.flags.c_contiguous or a.dtype.byteorder == ">":
        _check_copy(a.shape, a.dtype, what)


def _check_shape(shape: tuple, param, what: str):
    """TfError unless `shape` has the rank and the static extents of `param`'s type, with the
    messages the evaluator gives for an input (eval::convert_input); DimVar extents are bound
    and checked by the evaluator."""
    extents = param[2]
    if len(shape) != len(extents):
        raise _usage(f"{what} has rank {len(shape)} (shape {shape}); the parameter has rank {len(extents)}")
    for axis, (n, extent) in enumerate(zip(shape, extents)):
        if extent.isdigit() and int(extent) != n:
            raise _usage(f"{what} has shape {shape}; axis {axis} of the parameter is {extent}")


def _as_array(value, what: str) -> np.ndarray:
    """`value` as a NumPy array (an array, a scalar or a nested list of numbers), else TfError."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError, OverflowError) as e:
        raise _usage(f"{what}: {type(value).__name__} is not an array of numbers ({e})") from None


# The element and scale dtypes of each block-scaled format: its planes come back as arrays of
# them, as an output of that dtype would (one convention for cast, quantize and eval).
_BLOCK_PLANES = {"MXFP8_E4M3": ("fp8e4m3", "f8e8m0"), "MXFP8_E5M2": ("fp8e5m2", "f8e8m0"),
                 "MXFP6_E3M2": ("f6e3m2", "f8e8m0"), "MXFP6_E2M3": ("f6e2m3", "f8e8m0"),
                 "MXFP4": ("f4e2m1", "f8e8m0"), "MXINT8": ("i8", "f8e8m0"), "NVFP4": ("f4e2m1", "fp8e4m3")}


def _from_core(dtype: str, arrays):
    """The Python value of one output: `arrays` are the NumPy arrays the module made (they own the
    evaluator's bytes; no copy is made here)."""
    if len(arrays) > 1:  # block-scaled planes
        element, scale = _BLOCK_PLANES.get(dtype, ("", ""))
        codes = arrays[0].view(np.int8) if element == "i8" else _plane(element, arrays[0])
        tensor_scale = None
        if len(arrays) > 2:
            tensor_scale = float(arrays[2].view(np.float32).reshape(()))
        return BlockScaled(dtype, codes, _plane(scale, arrays[1]), tensor_scale)
    return _plane(dtype, arrays[0])


def _plane(dtype: str, a: np.ndarray):
    """The codes `a` of `dtype` as that dtype's array: ml_dtypes for a narrow dtype (RawCodes
    without it), `a` itself otherwise."""
    narrow = _ml_dtype(dtype)
    if narrow is not None:
        return a.view(narrow) if np.dtype(narrow).itemsize == a.dtype.itemsize else a.astype(np.uint8).view(narrow)
    if dtype in _NARROW:
        raw = a.view(RawCodes)
        raw.tf_dtype = dtype
        return raw
    return a


class Module:
    """A read and verified program (tfir, or upstream's printed HIR). Made by `load`, not directly."""

    def __init__(self, program):
        if not isinstance(program, _core.Program):
            raise _usage(f"Module: expected a program read by tilefoundry_ref.load, got {type(program).__name__} "
                         "(call tilefoundry_ref.load(text_or_path))", TfTypeError)
        self._program = program

    @property
    def functions(self) -> list[str]:
        """The names of its functions (funcs and prim_funcs), in file order."""
        return list(self._program.functions())

    def params(self, fn: str) -> list[tuple[str, str, list[str]]]:
        """(name, dtype, shape) of each input of `fn`; a symbolic extent by its DimVar expression."""
        _need("fn", fn, str, "a function name (str)")
        return [tuple(p) for p in _call(self._program.params, fn)]

    def text(self) -> str:
        """The canonical tfir of the program."""
        return self._program.text()

    def lower(self, fn: str) -> "Module":
        """`fn` lowered to TIR (lower/'s default pipeline), as a Module holding the lowered program."""
        _need("fn", fn, str, "a function name (str)")
        return load(_call(self._program.lowered, fn))

    def eval(self, fn: str, *arrays, dims: Optional[dict] = None, level: str = "hir", schedule: int = 0,
             max_memory: Union[int, str, None] = None, max_steps: Optional[int] = None,
             dump_values: Union[bool, Sequence[str]] = False):
        """Runs `fn` on `arrays` (one per input) and returns its output, or a tuple of outputs.

        With `dump_values` (True for every binding, or a list of binding names) it returns
        (result, values): `values` is a list of DumpedValue in evaluation order, what
        `tf eval --dump-values` prints (docs/python.md). A name no binding has raises TfError
        (usage) naming the nearest ones; at level "tir" a func's bindings are its lowered
        program's alloc_tensor lets.

        level "hir" runs a func on the HIR evaluator; "tir" lowers it and runs it on the TIR
        machine model (a prim_func always runs there). `schedule` seeds the machine model's
        thread order (0: deterministic). `dims` gives DimVar values no input shape binds.
        `max_memory` (bytes, or a string such as "512M" or "8G") and `max_steps` are the budgets
        of `tf eval --max-memory / --max-steps`, with their defaults when None (half of physical
        memory; DEFAULT_MAX_STEPS): a run that needs more raises TfError naming the limit. The
        GIL is released while the evaluator runs; Ctrl-C stops it and raises KeyboardInterrupt.
        """
        if isinstance(dump_values, bool):
            dump, names = dump_values, []
        elif isinstance(dump_values, (str, bytes)) or not isinstance(dump_values, Sequence):
            raise _usage(f"dump_values: expected True, False or a list of binding names, got {type(dump_values).__name__}",
                         TfTypeError)
        else:
            dump, names = True, [_need("dump_values item", n, str, "a binding name (str)") for n in dump_values]
        return self._run(fn, arrays, dims, level, schedule, max_memory, max_steps, True, dump, names)

    def _run(self, fn, arrays, dims, level, schedule, max_memory, max_steps, check, dump=False, dump_names=()):
        _need("fn", fn, str, "a function name (str)")
        _need("level", level, str, "a level name (str)")
        if dims is None:
            dims = {}
        _need("dims", dims, Mapping, "a dict of DimVar name to int")
        checked_dims = {}
        for name, value in dims.items():
            _need("dims key", name, str, "a DimVar name (str)")
            checked_dims[name] = _int_in(f"dims[{name!r}]", value, -_INT64_MAX - 1, _INT64_MAX)
        schedule = _int_in("schedule", schedule, 0, (1 << 64) - 1)
        memory = _max_memory_text(max_memory)
        steps = 0 if max_steps is None else _int_in("max_steps", max_steps, 1, _INT64_MAX)
        params = self.params(fn)
        if len(arrays) != len(params):
            raise _usage(f"@{fn} takes {len(params)} inputs ({', '.join(p[0] for p in params)}), {len(arrays)} given")
        inputs, live = [], 0
        for a, p in zip(arrays, params):
            array, copied = _to_core(a, p, f"input {p[0]}", memory, live)
            inputs.append(array)
            live += copied
        outs, dumped = _call(self._program.eval, fn, inputs, checked_dims, level, schedule, memory, steps, check, dump,
                             list(dump_names))
        values = [_from_core(dtype, arrays) for dtype, arrays in outs]
        result = values[0] if len(values) == 1 else tuple(values)
        if not dump:
            return result
        return result, [DumpedValue(name, file or None, line or None, column or None, where,
                                    _from_core(dtype, arrays) if arrays else None, note)
                        for name, file, line, column, where, note, dtype, arrays in dumped]

    def run(self, fn: str, *arrays, backend: str = "emu", dims: Optional[dict] = None,
            max_memory: Union[int, str, None] = None, max_steps: Optional[int] = None, check: bool = True):
        """Runs `fn` as emitted CUDA (`tf run --backend`): "emu" compiles it with the host's C++
        compiler (clang++, else g++) against the host emulation (one fiber per GPU thread), "gpu" with nvcc for a CUDA device. A func is
        lowered first. Budgets and Ctrl-C as `eval`. With `check` (the default) the TIR machine
        model runs the same TIR first, as `tf run` does: undefined behaviour it reports raises
        TfError and nothing is compiled, and a backend result that differs from the model's in any
        bit raises TfError (rule run.backend-differs-from-model) naming the first differing
        element; check=False returns the backend's values unchecked (`tf run --no-check`). Raises
        TfError for any other backend name (hir and tir are `eval`'s levels, not backends) and
        where the backend is not available in this build."""
        _need("backend", backend, str, "a backend name (str)")
        if backend not in ("emu", "gpu"):  # the evaluator's levels are eval's, not backends
            raise _usage(f"backend {backend!r}: the backends are emu and gpu (tf run --backend); the levels hir and "
                         "tir are Module.eval's")
        _need("check", check, bool, "True or False")
        return self._run(fn, arrays, dims, backend, 0, max_memory, max_steps, check)


_UPSTREAM_HEADS = ("from ", "import ", "@")


def load(text_or_path: Union[str, os.PathLike]) -> Module:
    """Reads and verifies a program: a path to a .tfir or .py file, or the program's text (tfir,
    or upstream's printed form when it starts with an import or a decorator).

    A path-like object (or bytes) is always a path; a str is the program's text when it has a
    line break, or starts with the `tfir ` header or upstream's import or decorator (and names no
    existing file), else a path. A path is read as `tf check` reads it: a regular file of at most 1 GiB (a directory,
    FIFO or device is refused, never read), any bytes (what is not UTF-8 is the reader's error,
    placed at its line and column)."""
    if isinstance(text_or_path, os.PathLike) or isinstance(text_or_path, bytes):
        return Module(_call(_core.Program.load_file, os.fsencode(text_or_path)))
    _need("load", text_or_path, str, "a program text or a path (str or os.PathLike)")
    head = text_or_path.lstrip()
    is_text = "\n" in text_or_path or (head.startswith(("tfir ", "tfir\t") + _UPSTREAM_HEADS)
                                        and not os.path.lexists(text_or_path))
    if not is_text:
        return Module(_call(_core.Program.load_file, os.fsencode(text_or_path)))
    path = "<string>.py" if head.startswith(_UPSTREAM_HEADS) else "<string>"
    # Lone surrogates (text decoded with errors="surrogateescape", else any) go to the reader as
    # the bytes they stand for, which it reports as it reports such bytes in a file.
    try:
        data = text_or_path.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = text_or_path.encode("utf-8", "surrogatepass")
    return Module(_call(_core.Program.load, data, path))


@functools.lru_cache(maxsize=256)
def _conversion(text: str) -> Module:
    """The read program of a cast / quantize / decode of one (shape, dtypes, mode): read once, then
    reused, so that a loop of casts reads no text."""
    return load(text)


def _float_values(codes, dtype: str, shape_text: str):
    """The f32 values of `codes` (a Module round trip through the dtype's cast to f32)."""
    m = _conversion(f"tfir 1\nfunc v(x: Tensor[{shape_text}, {dtype}]) -> Tensor[{shape_text}, f32] {{\n"
             f"    y = cast(x, dtype=f32)\n    return y\n}}\n")
    return m.eval("v", codes)


def _shape_text(shape) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def _source_dtype(a: np.ndarray) -> str:
    names = {np.dtype(np.float32): "f32", np.dtype(np.float16): "f16", np.dtype(np.int8): "i8",
             np.dtype(np.int32): "i32", np.dtype(np.int64): "i64", np.dtype(np.bool_): "bool"}
    module = _ml_dtypes_module(load=False)
    if module is not None:
        for tf_name, ml_name in _NARROW.items():
            if a.dtype == np.dtype(getattr(module, ml_name)):
                return tf_name
    if a.dtype == np.float64:
        raise _usage("a float64 array: no tfir dtype holds it, and rounding it to f32 first would round twice; pass float32")
    if a.dtype not in names:
        raise _usage(f"an array of dtype {a.dtype} (float32, float16, int8, int32, int64, bool and ml_dtypes arrays are taken)")
    return names[a.dtype]


def _check_conversion(dtype, rounding, scale_method):
    """The names `cast` / `quantize` put into the program they compose: each a str (else
    TfTypeError) naming a dtype, a rounding and a scale method (else TfError), so that no argument
    can change the program's text."""
    _need("dtype", dtype, str, "a dtype name (str)")
    for name, value in (("rounding", rounding), ("scale_method", scale_method)):
        if value is not None:
            _need(name, value, str, "a name (str) or None")
    _call(_core.check_conversion, dtype, rounding or "", scale_method or "")


def cast(array, dtype: str, rounding: Optional[str] = None, saturate: Optional[bool] = None) -> CastResult:
    """`array` converted to `dtype` exactly as the evaluator's cast does (rounding rn / rz / rp,
    saturate; the dtype's default mode when absent): the codes (ml_dtypes arrays where available,
    else RawCodes) and the values they decode to (float32 for a float dtype)."""
    _check_conversion(dtype, rounding, None)
    if saturate is not None:
        _need("saturate", saturate, bool, "a bool or None")
    a = _as_array(array, "cast")
    src = _source_dtype(a)
    _check_budget_of_conversion(a, "cast")
    attrs = ""
    if rounding is not None:
        attrs += f", rounding={rounding}"
    if saturate is not None:
        attrs += f", saturate={'true' if saturate else 'false'}"
    shape = _shape_text(a.shape)
    m = _conversion(f"tfir 1\nfunc c(x: Tensor[{shape}, {src}]) -> Tensor[{shape}, {dtype}] {{\n"
             f"    y = cast(x, dtype={dtype}{attrs})\n    return y\n}}\n")
    codes = _conversion_eval(m, "c", a, f"cast(..., {dtype!r})")
    if dtype in ("f32", "f16", "bf16") or dtype in _NARROW:
        values = _float_values(codes, dtype, shape) if dtype != "f32" else np.asarray(codes)
    else:
        values = np.asarray(codes)
    return CastResult(codes, np.asarray(values))


def _conversion_eval(module, fn: str, a: np.ndarray, what: str):
    """module.eval(fn, a) for cast and quantize, whose programs the module writes itself: a
    refusal is the caller's (`quantize(...)`), so its diagnostics carry no place in that program
    and no IR path, only the rule and the message (without the op's internal name)."""
    try:
        return module.eval(fn, a)
    except TfError as e:
        diagnostics = []
        for d in e.diagnostics:
            d = {k: v for k, v in d.items() if k not in ("file", "line", "column", "ir_path", "text")}
            d["message"] = f"{what}: " + d["message"].removeprefix("hir.tensor.Cast: ")
            if d.get("rule") == "DTREP.LEVELEXTENT.int-cardinality":  # the one behaviour, docs/python.md
                d["notes"] = list(d.get("notes", [])) + [
                    "quantize takes whole blocks: pad the last axis with zeros (np.pad), as `tf quantize` pads a bare "
                    "list of values"]
            d["text"] = "\n".join([_render(d)] + [f"note: {n}" for n in d.get("notes", [])])
            diagnostics.append(d)
        raise type(e)(diagnostics) from None


def quantize(array, dtype: str, scale_method: Optional[str] = None) -> CastResult:
    """`array` (float32, the last axis a multiple of the block) quantized to the block-scaled
    `dtype` (MXFP8_E4M3, MXFP8_E5M2, MXFP6_E3M2, MXFP6_E2M3, MXFP4, MXINT8, NVFP4) with
    `scale_method` (ocp or rceil for MX, nvfp4 for NVFP4; the format's default when absent): a
    BlockScaled (codes, block scales, NVFP4's tensor scale) and the float32 values it decodes to."""
    _check_conversion(dtype, None, scale_method)
    a = _as_array(array, "quantize")
    src = _source_dtype(a)
    _check_budget_of_conversion(a, "quantize")
    shape = _shape_text(a.shape)
    attrs = f", scale_method={scale_method}" if scale_method is not None else ""
    m = _conversion(f"tfir 1\nfunc q(x: Tensor[{shape}, {src}]) -> Tensor[{shape}, {dtype}] {{\n"
             f"    y = cast(x, dtype={dtype}{attrs})\n    return y\n}}\n"
             f"func v(x: Tensor[{shape}, {src}]) -> Tensor[{shape}, f32] {{\n"
             f"    y = cast(x, dtype={dtype}{attrs})\n    z = cast(y, dtype=f32)\n    return z\n}}\n")
    what = f"quantize(..., {dtype!r})"
    return CastResult(_conversion_eval(m, "q", a, what), np.asarray(_conversion_eval(m, "v", a, what)))


def layout(expression: str, definitions: Sequence[str] = ()) -> dict:
    """What `tf layout EXPR --json` answers (docs/layouts.md): the coordinate -> offset table,
    size, cosize, injectivity, and for a mesh or a slice its participants and barrier.
    `definitions` are `NAME=EXPR` strings, as `--def`."""
    _need("expression", expression, str, "a layout expression (str)")
    if isinstance(definitions, str):
        raise _usage("definitions: expected a sequence of NAME=EXPR strings, got one str", TfTypeError)
    definitions = list(_need("definitions", definitions, Sequence, "a sequence of NAME=EXPR strings"))
    for d in definitions:
        _need("definitions item", d, str, "a NAME=EXPR string")
    return json.loads(_call(_core.layout_json, expression, definitions))
