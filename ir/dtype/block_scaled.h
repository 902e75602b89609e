// BlockScaledDType: a compound dtype whose logical value is an encoded element times one scale
// per level (seed 003, DTREP.BLOCKSCALED.*, DTREP.BSCOST.*).
//
// Design note. A block-scaled dtype is fixed by its element dtype and its inner-to-outer chain
// of Levels; everything else is derived: the schema is (element, level scales...), the rules
// are LevelExtent(i, levels[i].block), the supertype is Any. BlockScaledDType::make checks the
// block-scaled arguments first (element a simple dtype, levels non-empty, Whole only on the
// final level), then hands the descriptor to the registry, which also refuses a structural
// duplicate of an existing block-scaled dtype. Storage cost: bits_per_element is
// element_bits + sum_i scale_bits_i / (block_0 * ... * block_i) over integer levels, plus
// SymbolicBits for a final Whole level. How a tensor groups its elements (along the last axis,
// docs/decisions.md D3) is in block_scaled_layout.h.
#pragma once

#include <span>
#include <type_traits>
#include <vector>

#include "ir/dtype/compound.h"
#include "ir/dtype/level.h"
#include "ir/dtype/registry.h"
#include "ir/dtype/symbolic_bits.h"

namespace tf {

/// The named-field arguments of a block-scaled dtype (seed 003's keyword-only arguments).
struct BlockScaledDTypeArgs {
  std::string name = {};           ///< the unique registry key
  DType element = {};              ///< the encoded element: a simple dtype
  std::vector<Level> levels = {};  ///< innermost first; non-empty; only the last may be Whole
};

/// A registered block-scaled dtype descriptor. Immutable.
class BlockScaledDType : public CompoundDType {
 public:
  /// Checks `args` (TypeError / ValueError diagnostics naming DTREP.BLOCKSCALED.* ids) and
  /// registers a T (BlockScaledDType or a subclass whose constructor takes
  /// (BlockScaledDTypeArgs, Key)).
  template <typename T = BlockScaledDType>
  static Result<DType> make(BlockScaledDTypeArgs args) {
    static_assert(std::is_base_of_v<BlockScaledDType, T>, "T must derive BlockScaledDType");
    std::vector<Diagnostic> errors = check_args(args);
    if (!errors.empty()) return errors;
    return CompoundRegistry::create<T>(std::move(args));
  }
  /// The argument checks of make(), in order: element, levels.
  static std::vector<Diagnostic> check_args(const BlockScaledDTypeArgs& args);

  /// Precondition: check_args(args) is empty. Derives schema, rules and supertype Any.
  BlockScaledDType(BlockScaledDTypeArgs args, Key key);

  /// The encoded element dtype.
  DType element() const { return element_; }
  /// The scale chain, innermost first.
  std::span<const Level> levels() const { return levels_; }
  /// The number of integer-block levels (a final Whole level is not an axis).
  int num_axes() const;
  /// The storage cost per logical element (see the design note).
  BitsPerElement bits_per_element() const;
  /// The logical value of one element: element_value times one scale value per level.
  /// A scale count other than levels().size() is a usage error.
  Result<double> logical_value(double element_value, std::span<const double> scale_values) const;

  const BlockScaledDType* as_block_scaled() const final { return this; }

 private:
  const DType element_;
  const std::vector<Level> levels_;
};

/// `dtype` as a block-scaled descriptor, or nullptr (simple, invalid or other compound).
const BlockScaledDType* as_block_scaled(DType dtype);

}  // namespace tf
