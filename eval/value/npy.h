// NumPy .npy files (format versions 1.0, 2.0 and 3.0): reading and writing the arrays the
// evaluator exchanges with users (`tf eval --input NAME=PATH.npy`, `--out DIR`).
//
// Design note. The format is a magic string, a version, a little-endian header length and a
// Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': (...)}, then the raw data.
// This module reads and writes exactly the dtypes the evaluator's boundary takes (issue: f16,
// f32, f64, i8, i32, i64, bool, and u8 / u16 carrying the raw codes of narrow dtypes) in
// little-endian or byte-order-free form, C order only; everything else is refused with a
// diagnostic naming what was found, never a crash (a truncated or lying header included). The
// data stay bytes: converting them to a tensor of a dtype is the value layer's business.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ir/support/result.h"

namespace tf::eval {

/// The element types a .npy file may hold here, by their descr.
enum class NpyType : std::uint8_t { F16, F32, F64, I8, I32, I64, Bool, U8, U16 };

/// "<f2", "<f4", "<f8", "|i1", "<i4", "<i8", "|b1", "|u1", "<u2".
const char* npy_descr(NpyType t);
/// Bytes per element.
std::size_t npy_item_size(NpyType t);

/// An array as stored: element type, C-order shape, and the raw little-endian data.
struct NpyArray {
  NpyType type = NpyType::F32;
  std::vector<std::int64_t> shape;  ///< () for a scalar
  std::vector<std::uint8_t> data;   ///< product(shape) * npy_item_size(type) bytes

  /// The number of elements (1 for a scalar).
  std::int64_t size() const;
};

/// An array whose data are owned elsewhere: an NpyArray, or a C-contiguous little-endian NumPy
/// buffer the Python module takes without copying it (docs/python.md). The data must outlive
/// the view.
struct NpyView {
  NpyType type = NpyType::F32;
  std::vector<std::int64_t> shape;     ///< () for a scalar
  std::span<const std::uint8_t> data;  ///< product(shape) * npy_item_size(type) bytes

  NpyView() = default;
  NpyView(NpyType t, std::vector<std::int64_t> s, std::span<const std::uint8_t> d)
      : type(t), shape(std::move(s)), data(d) {}
  /// The view of `a` (implicit: every reader of an NpyArray takes a view).
  NpyView(const NpyArray& a) : type(a.type), shape(a.shape), data(a.data) {}  // NOLINT(google-explicit-constructor)

  /// The number of elements (1 for a scalar).
  std::int64_t size() const;
};

/// Parses a whole .npy file held in `bytes`; `name` positions the diagnostics (category Usage).
Result<NpyArray> read_npy(std::span<const std::uint8_t> bytes, const std::string& name);

/// Reads the .npy file at `path`.
Result<NpyArray> read_npy_file(const std::string& path);

/// The bytes of a version 1.0 .npy file holding `a` (header padded to a multiple of 64 bytes, as
/// NumPy writes it). Precondition (TF_CHECK): a.data.size() == a.size() * item size.
std::vector<std::uint8_t> write_npy(const NpyArray& a);

}  // namespace tf::eval
