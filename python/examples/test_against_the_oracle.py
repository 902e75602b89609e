"""Checking your own implementations against TileFoundry-C++'s reference (copy and adapt).

Two NumPy implementations a kernel author might write, each checked the way its nature allows:
rms_norm, whose float32 sum depends on the summation order, within a stated error bound; an
MXFP8 (E4M3, OCP scale) quantizer, which has exactly one right answer, bit for bit.
Run: pytest -q python/examples/test_against_the_oracle.py (with the package importable).
"""

import numpy as np
import pytest

import tilefoundry_ref as tf

ml_dtypes = pytest.importorskip("ml_dtypes")

RMS_NORM = """tfir 1
func rms_norm(x: Tensor[(8, 256), f32], w: Tensor[(256,), f32]) -> Tensor[(8, 256), f32] {
    y = rms_norm(x, w, eps=1e-06)
    return y
}
"""


def my_rms_norm(x, w, eps=np.float32(1e-6)):
    """The implementation under test: NumPy float32 throughout."""
    ms = np.mean(x * x, axis=-1, keepdims=True, dtype=np.float32)
    return (x / np.sqrt(ms + eps)) * w


def test_rms_norm_within_its_error_bound():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 256)).astype(np.float32)
    w = rng.uniform(0.5, 1.5, 256).astype(np.float32)
    want = tf.load(RMS_NORM).eval("rms_norm", x, w)
    got = my_rms_norm(x, w)
    # The bound: a float32 sum of n = 256 squares in any order is within n * 2^-24 relative of
    # the exact sum (all terms positive); the mean, the square root, the division and the scale
    # add four roundings. So each output is within (n / 2 + 4) * 2^-24 relative of the reference.
    bound = (256 / 2 + 4) * 2.0 ** -24
    assert np.all(np.abs(got - want) <= bound * np.abs(want))


def my_mxfp8_e4m3(x):
    """The implementation under test: one shared exponent per 32 values along the last axis
    (OCP MX: floor(log2(amax)) - 8, 8 being E4M3's largest exponent), elements rounded to nearest
    even and saturated to +-448."""
    blocks = x.reshape(*x.shape[:-1], -1, 32)
    amax = np.max(np.abs(blocks), axis=-1, keepdims=True)
    # floor(log2(amax)) exactly: frexp's exponent (np.log2 may round up just below a power of two).
    exp = np.where(amax > 0, np.frexp(amax)[1].astype(np.int64) - 1 - 8, -127)
    exp = np.clip(exp, -127, 127)
    scaled = np.clip(blocks / np.exp2(exp).astype(np.float32), -448, 448).astype(np.float32)
    codes = scaled.astype(ml_dtypes.float8_e4m3fn).view(np.uint8).reshape(x.shape)
    scales = (exp[..., 0] + 127).astype(np.uint8)
    return codes, scales


def test_mxfp8_quantizer_bit_for_bit():
    rng = np.random.default_rng(1)
    x = (rng.standard_normal((4, 128)) * 2.0 ** rng.integers(-20, 20, (4, 128))).astype(np.float32)
    x[0, :32] = 0.0  # an all-zero block
    ref = tf.quantize(x, "MXFP8_E4M3")
    codes, scales = my_mxfp8_e4m3(x)
    assert np.array_equal(scales, ref.codes.scales.view(np.uint8))  # the planes' bytes
    assert np.array_equal(codes, ref.codes.codes.view(np.uint8))
