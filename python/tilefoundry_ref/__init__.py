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
installed, else as their raw codes (uint8 / uint16) with the dtype named. Errors raise TfError,
whose .diagnostics carry the rule id and the place of each problem.
"""

from __future__ import annotations

import functools
import json
import os
from typing import NamedTuple, Optional, Sequence

import numpy as np

from . import _core

try:  # narrow float dtypes as NumPy dtypes, when available
    import ml_dtypes
except ImportError:  # pragma: no cover - exercised where ml_dtypes is absent
    ml_dtypes = None

__all__ = ["TfError", "Module", "RawCodes", "BlockScaled", "CastResult", "load", "cast", "quantize", "layout"]


class TfError(Exception):
    """A program, an input or an evaluation the reference refuses.

    `diagnostics` is a list of dicts: severity, tag (the rule id or a category such as parse or
    eval), rule (the rule id or None), message, and file / line / column where the place is known.
    """

    def __init__(self, diagnostics: list[dict]):
        self.diagnostics = diagnostics
        lines = []
        for d in diagnostics:
            place = f"{d['file']}:{d['line']}:{d['column']}: " if "line" in d else ""
            lines.append(f"{place}error[{d['tag']}]: {d['message']}")
        super().__init__("\n".join(lines))


def _call(f, *args):
    try:
        return f(*args)
    except _core.Error as e:
        raise TfError(json.loads(str(e))) from None


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
    scale code per block along the last axis, and NVFP4's f32 tensor scale (else None)."""

    dtype: str
    codes: np.ndarray
    scales: np.ndarray
    tensor_scale: Optional[float]


class CastResult(NamedTuple):
    """What `cast` and `quantize` give: the codes (or a BlockScaled) and the values they decode to."""

    codes: object
    values: np.ndarray


def _ml_dtype(tf_dtype: str):
    if ml_dtypes is None or tf_dtype not in _NARROW:
        return None
    return getattr(ml_dtypes, _NARROW[tf_dtype], None)


def _to_core(array, param_dtype: str):
    """`array`, meant for a parameter of `param_dtype`, as the module takes it: C-contiguous,
    little-endian, of a taken element type (narrow ml_dtypes arrays as their codes)."""
    a = np.asarray(array)
    narrow = _ml_dtype(param_dtype)
    if narrow is not None and a.dtype == np.dtype(narrow):  # its own codes
        a = a.view(np.uint16 if a.dtype.itemsize == 2 else np.uint8)
    elif ml_dtypes is not None and a.dtype.name in _NARROW.values():  # another narrow dtype: its values
        a = a.astype(np.float32)
    if a.dtype == np.float64 and param_dtype != "f32":
        raise TfError([{"severity": "error", "tag": "usage", "rule": None,
                        "message": f"a float64 array for a {param_dtype} parameter: it would be rounded to f32 and then to "
                                   f"{param_dtype}, twice; pass float32 (or an array of the parameter's dtype)"}])
    if a.dtype.byteorder == ">":
        a = a.astype(a.dtype.newbyteorder("<"))
    if a.dtype not in _TAKEN:
        raise TfError([{"severity": "error", "tag": "usage", "rule": None,
                        "message": f"an array of dtype {a.dtype} (f2 f4 f8 i1 i4 i8 b1 u1 u2 and ml_dtypes arrays are taken)"}])
    # A C-contiguous array is read in place by the module (no copy here: asarray returns it as it
    # is); anything else is copied once into that form. (Not ascontiguousarray: it makes a 0-d
    # array 1-d.)
    return np.asarray(a, order="C")


def _from_core(dtype: str, arrays):
    """The Python value of one output: `arrays` are the NumPy arrays the module made (they own the
    evaluator's bytes; no copy is made here)."""
    if len(arrays) > 1:  # block-scaled planes
        codes, scales = arrays[0], arrays[1]
        tensor_scale = None
        if len(arrays) > 2:
            tensor_scale = float(arrays[2].view(np.float32).reshape(()))
        return BlockScaled(dtype, codes, scales, tensor_scale)
    a = arrays[0]
    narrow = _ml_dtype(dtype)
    if narrow is not None:
        return a.view(narrow) if np.dtype(narrow).itemsize == a.dtype.itemsize else a.astype(np.uint8).view(narrow)
    if dtype in _NARROW:
        raw = a.view(RawCodes)
        raw.tf_dtype = dtype
        return raw
    return a


class Module:
    """A read and verified program (tfir, or upstream's printed HIR)."""

    def __init__(self, program):
        self._program = program

    @property
    def functions(self) -> list[str]:
        """The names of its functions (funcs and prim_funcs), in file order."""
        return list(self._program.functions())

    def params(self, fn: str) -> list[tuple[str, str, list[str]]]:
        """(name, dtype, shape) of each input of `fn`; a symbolic extent by its DimVar expression."""
        return [tuple(p) for p in _call(self._program.params, fn)]

    def text(self) -> str:
        """The canonical tfir of the program."""
        return self._program.text()

    def lower(self, fn: str) -> "Module":
        """`fn` lowered to TIR (lower/'s default pipeline), as a Module holding the lowered program."""
        return load(_call(self._program.lowered, fn))

    def eval(self, fn: str, *arrays, dims: Optional[dict] = None, level: str = "hir", schedule: int = 0):
        """Runs `fn` on `arrays` (one per input) and returns its output, or a tuple of outputs.

        level "hir" runs a func on the HIR evaluator; "tir" lowers it and runs it on the TIR
        machine model (a prim_func always runs there). `schedule` seeds the machine model's
        thread order (0: deterministic). `dims` gives DimVar values no input shape binds. The
        GIL is released while the evaluator runs.
        """
        params = self.params(fn)
        if len(arrays) != len(params):
            raise TfError([{"severity": "error", "tag": "usage", "rule": None,
                            "message": f"@{fn} takes {len(params)} inputs ({', '.join(p[0] for p in params)}), {len(arrays)} given"}])
        inputs = [_to_core(a, p[1]) for a, p in zip(arrays, params)]
        outs = _call(self._program.eval, fn, inputs, dict(dims or {}), level, schedule)
        values = [_from_core(dtype, arrays) for dtype, arrays in outs]
        return values[0] if len(values) == 1 else tuple(values)

    def run(self, fn: str, *arrays, backend: str = "emu"):
        """Runs `fn` as emitted CUDA (`tf run --backend`): "emu" compiles it with g++ against the
        host emulation (one fiber per GPU thread), "gpu" with nvcc for a CUDA device. A func is
        lowered first. Raises TfError where the backend is not available in this build."""
        return self.eval(fn, *arrays, level=backend)


def load(text_or_path: str) -> Module:
    """Reads and verifies a program: a path to a .tfir or .py file, or the program's text (tfir,
    or upstream's printed form when it starts with an import or a decorator)."""
    if "\n" not in text_or_path and os.path.exists(text_or_path):
        with open(text_or_path, encoding="utf-8") as f:
            text, path = f.read(), text_or_path
    else:
        text = text_or_path
        head = text.lstrip()
        path = "<string>.py" if head.startswith(("from ", "import ", "@")) else "<string>"
    return Module(_call(_core.Program.load, text, path))


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
    if ml_dtypes is not None:
        for tf_name, ml_name in _NARROW.items():
            if a.dtype == np.dtype(getattr(ml_dtypes, ml_name)):
                return tf_name
    if a.dtype == np.float64:
        raise TfError([{"severity": "error", "tag": "usage", "rule": None,
                        "message": "a float64 array: no tfir dtype holds it, and rounding it to f32 first would round twice; pass float32"}])
    if a.dtype not in names:
        raise TfError([{"severity": "error", "tag": "usage", "rule": None, "message": f"an array of dtype {a.dtype}"}])
    return names[a.dtype]


def cast(array, dtype: str, rounding: Optional[str] = None, saturate: Optional[bool] = None) -> CastResult:
    """`array` converted to `dtype` exactly as the evaluator's cast does (rounding rn / rz / rp,
    saturate; the dtype's default mode when absent): the codes (ml_dtypes arrays where available,
    else RawCodes) and the values they decode to (float32 for a float dtype)."""
    a = np.asarray(array)
    src = _source_dtype(a)
    attrs = ""
    if rounding is not None:
        attrs += f", rounding={rounding}"
    if saturate is not None:
        attrs += f", saturate={'true' if saturate else 'false'}"
    shape = _shape_text(a.shape)
    m = _conversion(f"tfir 1\nfunc c(x: Tensor[{shape}, {src}]) -> Tensor[{shape}, {dtype}] {{\n"
             f"    y = cast(x, dtype={dtype}{attrs})\n    return y\n}}\n")
    codes = m.eval("c", a)
    if dtype in ("f32", "f16", "bf16") or dtype in _NARROW:
        values = _float_values(codes, dtype, shape) if dtype != "f32" else np.asarray(codes)
    else:
        values = np.asarray(codes)
    return CastResult(codes, np.asarray(values))


def quantize(array, dtype: str, scale_method: Optional[str] = None) -> CastResult:
    """`array` (float32, the last axis a multiple of the block) quantized to the block-scaled
    `dtype` (MXFP8_E4M3, MXFP8_E5M2, MXFP6_E3M2, MXFP6_E2M3, MXFP4, MXINT8, NVFP4) with
    `scale_method` (ocp or rceil for MX, nvfp4 for NVFP4; the format's default when absent): a
    BlockScaled (codes, block scales, NVFP4's tensor scale) and the float32 values it decodes to."""
    a = np.asarray(array)
    src = _source_dtype(a)
    shape = _shape_text(a.shape)
    attrs = f", scale_method={scale_method}" if scale_method is not None else ""
    m = _conversion(f"tfir 1\nfunc q(x: Tensor[{shape}, {src}]) -> Tensor[{shape}, {dtype}] {{\n"
             f"    y = cast(x, dtype={dtype}{attrs})\n    return y\n}}\n"
             f"func v(x: Tensor[{shape}, {src}]) -> Tensor[{shape}, f32] {{\n"
             f"    y = cast(x, dtype={dtype}{attrs})\n    z = cast(y, dtype=f32)\n    return z\n}}\n")
    return CastResult(m.eval("q", a), np.asarray(m.eval("v", a)))


def layout(expression: str, definitions: Sequence[str] = ()) -> dict:
    """What `tf layout EXPR --json` answers (docs/layouts.md): the coordinate -> offset table,
    size, cosize, injectivity, and for a mesh or a slice its participants and barrier.
    `definitions` are `NAME=EXPR` strings, as `--def`."""
    return json.loads(_call(_core.layout_json, expression, list(definitions)))
