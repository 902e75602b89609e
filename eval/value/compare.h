// Comparing a computed tensor with an expected one (docs/decisions.md D5): exact by default,
// allclose and ulp when a case asks for them.
//
// Design note. Every comparison first needs the same dtype and the same shape. Then, element
// by element (row-major):
//   exact              equal codes; every NaN code equals every NaN code of the same dtype (NaN
//                      is one class); -0 and +0 differ. A block-scaled tensor compares its
//                      planes code by code (element codes, block scales, tensor scale), NaN
//                      codes of each plane's dtype forming one class.
//   allclose(rtol, atol)   |a - b| <= atol + rtol * |b| with b the expected value, in f64 on the
//                      exact values (element_f64: exact for every dtype of at most 32 bits; an
//                      integer difference is formed exactly and rounded once); NaN equals NaN,
//                      an infinity equals only the same infinity.
//   ulp(max=k)         at most k representable steps of the dtype apart: a float's steps count
//                      along its sorted codes (-0 and +0 are the same point, so the smallest
//                      positive and negative subnormals are 2 steps apart); integers and bool
//                      count values. NaN equals NaN; an infinity equals only the same infinity
//                      (it is not "one step" above the largest finite value).
// allclose and ulp on block-scaled tensors compare the dequantized f32 values (ulp in f32
// steps). A verdict counts the mismatching elements and names the first one by its row-major
// coordinates with both values and codes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/value/tensor.h"
#include "eval/value/value.h"

namespace tf::eval {

/// One of the three comparisons of the design note, with its parameters.
struct Comparator {
  enum class Kind { Exact, AllClose, Ulp };
  Kind kind = Kind::Exact;
  double rtol = 0;             ///< AllClose: relative tolerance (>= 0)
  double atol = 0;             ///< AllClose: absolute tolerance (>= 0)
  std::uint64_t max_ulps = 0;  ///< Ulp: the largest accepted distance

  static Comparator exact() { return {}; }
  static Comparator allclose(double rtol, double atol) { return {Kind::AllClose, rtol, atol, 0}; }
  static Comparator ulp(std::uint64_t max) { return {Kind::Ulp, 0, 0, max}; }
};

/// "exact", "allclose(rtol=1e-05, atol=1e-06)", "ulp(max=1)" — the case syntax.
std::string comparator_text(const Comparator& c);

/// The outcome of a comparison.
struct Verdict {
  bool passed = true;
  std::int64_t mismatches = 0;  ///< elements (or codes, for exact planes) that differ
  std::string message;          ///< empty when passed; otherwise what differs, first mismatch
};

/// `actual` against `expected` under `c` (design note).
Verdict compare_tensors(const Tensor& actual, const Tensor& expected, const Comparator& c);

/// `actual` against `expected`: tensors by compare_tensors, tuples item by item (the same
/// arity; the message names the item path, "[1][0]: ..."); a tensor against a tuple fails.
Verdict compare_values(const Value& actual, const Value& expected, const Comparator& c);

/// The row-major coordinates of flat index `i` in `shape` (empty at rank 0).
std::vector<std::int64_t> coordinates_of(const Shape& shape, std::int64_t i);

/// "[1, 0]": coordinates_of(shape, i) as text ("[]" at rank 0).
std::string coordinates_text(const Shape& shape, std::int64_t i);

/// Whether codes `a` and `b` of the simple dtype `dtype` are equal under the exact comparison
/// (design note): the same code, or two NaN codes.
bool exactly_equal(std::uint64_t a, std::uint64_t b, DType dtype);

/// The distance in representable steps between codes `a` and `b` of the simple dtype `dtype`
/// (design note); nullopt when they are not comparable by steps (one NaN, or an infinity
/// against another value). Two NaN codes are 0 steps apart.
std::optional<std::uint64_t> ulp_distance(std::uint64_t a, std::uint64_t b, DType dtype);

}  // namespace tf::eval
