// The output expectations of a case (docs/tfir.md section 7): what an `expect output...` line
// says, and judging a computed value against it.
//
//   output = Tensor[(2, 8), f32]{...}                              exact (NaN equals NaN)
//   output[1] ~ allclose(rtol=1e-5, atol=1e-6) Tensor[...]{...}     item 1 of a tuple result
//   output[0][2] ~ ulp(max=1) Tensor[...] bits{...}                 nested tuple items
//   output ~ ulp(max=1) reference                                   the evaluator at the other
//   level output ~ exact npy("expected.npy")
//   output ~ bound(order=blocks, block=16) matmul(a, b)            the exact product of the
//                                                    case's inputs, within the order's error bound
//
// Design note. The line is read with the tfir lexer: a selector (`output` and `[k]` indices),
// then `=` (exact) or `~` and a comparator (`exact`, `allclose(rtol=R, atol=A)` with numpy's
// defaults rtol=1e-5, atol=1e-8 for an omitted one, `ulp(max=K)` with K required), then the
// expected value: the word `reference` or a literal (literal.h), which is parsed here for its
// syntax and built only when judged, because its dims and npy paths belong to the case.
// Judging selects the tuple item (a selector that does not fit the result fails the
// expectation with a message; it is not an error of the line), builds the literal (an npy
// input without dtype= takes the selected result's dtype, so raw codes need no annotation),
// and compares with eval::compare_values.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/case_reader.h"
#include "conformance/error_bound.h"
#include "eval/value/compare.h"
#include "eval/value/literal.h"
#include "eval/value/value.h"
#include "ir/support/result.h"

namespace tf::conformance {

/// One parsed `expect output...` line.
struct Expectation {
  std::vector<std::int64_t> selector;  ///< the tuple indices after `output` (empty: the result)
  eval::Comparator comparator;
  bool reference = false;           ///< the expected value is `reference`
  std::string literal;              ///< otherwise the expected value's text
  SourceLocation literal_location;  ///< where `literal` starts
  SourceLocation location;          ///< where the line's text starts
  /// `~ bound(order=...) matmul(a, b)`: judged against the exact result (error_bound.h).
  std::optional<BoundReference> bound;
};

/// "output", "output[1]", "output[1][0]".
std::string selector_text(const std::vector<std::int64_t>& selector);

/// Parses the text of an output expectation (CaseExpect::text) that starts at `where`.
/// Parse diagnostics positioned in that text: no `output`, a malformed or negative index, no
/// `=` / `~`, an unknown comparator or argument, a negative or non-finite tolerance, a missing
/// expected value, a literal that does not parse.
Result<Expectation> parse_expectation(std::string_view text, const SourceLocation& where);

/// The same for a case's expect line (its text starts at CaseExpect::text_location).
Result<Expectation> parse_expectation(const CaseExpect& expect);

/// Judges `actual` against `e`. The verdict fails (with a message starting with the selector)
/// when the selector does not fit `actual` or the values differ under the comparator.
/// Diagnostics: the literal does not build (positioned in its line), `reference` is expected
/// and `reference_value` is null, or a bound's reference does not compute from `inputs` (the
/// case's inputs by name).
Result<eval::Verdict> judge(const eval::Value& actual, const Expectation& e,
                            const eval::LiteralContext& context,
                            const eval::Value* reference_value = nullptr,
                            const std::map<std::string, eval::Tensor>* inputs = nullptr);

}  // namespace tf::conformance
