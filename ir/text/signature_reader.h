// Reading the signature line of a function item (docs/tfir.md sections 5 and 6):
//   func NAME(p: T, ...) -> R {            func NAME(p: T, ...) -> R prototype
//   prim_func NAME(p: T, ...) outputs=K target=cuda|host {
//   specialize BASE(DimVarRangePat("N", lo, hi)) as NAME(p: T, ...) -> R {
// The parameters become Vars of their declared types; the signature's CallableType is what
// callers (`@NAME(...)`, launch) are checked against.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ir/core/dim_var_range_pat.h"
#include "ir/core/var.h"
#include "ir/support/result.h"
#include "ir/text/environment.h"
#include "ir/text/module_reader.h"
#include "ir/type/callable_type.h"

namespace tf::text {

/// A function item's signature.
struct ItemSignature {
  std::string name;
  std::vector<VarRef> params;
  std::vector<SourceLocation> param_locations;  ///< where each parameter's name is
  IRType return_type;               ///< a func's declared return type; Unit for a prim_func
  std::int64_t output_count = 1;    ///< a prim_func's `outputs=K` (default 1)
  std::string target = "cuda";      ///< a prim_func's `target=` (cuda or host)
  CallableTypeRef type;             ///< CallableType(return_type, parameter types)
  std::size_t body_open = 0;        ///< index of the body's `{` token (0 for a prototype)
};

/// Reads the signature of `item` (a func or a prim_func) from `file.tokens`. Positioned errors.
Result<ItemSignature> read_signature(const ParsedFile& file, const SkippedItem& item);

/// A specialize item's head: its base, its pattern and the variant's own signature.
struct SpecializeSignature {
  std::string base;            ///< the prototype's name, as written after `specialize`
  SourceLocation base_at;      ///< where it is written
  DimVarRangePatRef pattern;   ///< the one pattern between the parentheses
  ItemSignature signature;     ///< the variant: its name (after `as`), params, return type, body
};

/// Reads the head of the specialize item `item` from `file.tokens`. Positioned errors.
Result<SpecializeSignature> read_specialize_signature(const ParsedFile& file, const SkippedItem& item);

}  // namespace tf::text
