// StrategyContext: what the strategy lowering a body tells the rules, handed to them explicitly.
//
// Design note. choose_strategy (strategy.h) picks one Strategy per function, and the strategy's
// driver lowers the body: lower_serial (hir_to_tir.cpp), lower_grid (grid_rule.cpp, once per
// part of the rows), lower_sharded (shard_rule.h), lower_mma (mma_rule.h, which lowers no value
// by rules). Each driver makes a StrategyContext, which strategy and the part of its plan a rule
// may depend on, and passes it down: lower_value and lower_held take it, the dispatcher hands it
// to every pattern in its RuleInput (lowering_pattern.h), and every helper whose TIR depends on
// the strategy takes it as an argument (the operand conversions, alloc_value, elementwise,
// gathered). The LoweringContext carries no strategy state: what a rule emits is a function of
// its input.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/type/tensor_type.h"
#include "lower/grid_part.h"

namespace tf::lower {

/// The lowering strategies, in the order they are tried (strategy.h).
enum class Strategy : std::uint8_t { Sharded, Grid, Mma, Serial };

/// "sharded", "grid", "mma", "serial".
std::string_view strategy_name(Strategy strategy);

/// The sharded strategy's plan (shard_rule.h): the mesh every kernel thread is a position of, the
/// mesh of the barrier over all of them (the grid barrier's all-`cta` mesh when it spans CTAs,
/// else the block's threads), and the storage distributed values are gathered through: smem when
/// the mesh lies within one CTA, gmem when it spans CTAs.
struct Sharding {
  Mesh mesh;
  Mesh barrier;
  StorageKind stage = StorageKind::Smem;
  bool spans_ctas() const { return stage == StorageKind::Gmem; }
};

/// The strategy lowering a body and the part of its plan the rules depend on (design note).
/// It refers to the plan, which outlives the lowering of the body.
struct StrategyContext {
  Strategy strategy = Strategy::Serial;
  const Sharding* sharding = nullptr;  ///< the plan, set exactly under Strategy::Sharded
  const GridPart* part = nullptr;      ///< the part of the rows being lowered, set exactly under Strategy::Grid
  /// Under Strategy::Serial inside a grid part: the part, whose shared values (grid_plan.h) every
  /// thread computes whole as under the serial rule; an operand that is not shared is lowered
  /// under the part again (pattern_dispatch.cpp).
  const GridPart* shared_in = nullptr;
  /// The serial rule's kernel of one thread (lower_serial): no other thread touches its buffers,
  /// so a large value may live in global memory (rule_support.h's value_storage). A serial
  /// context inside another strategy (a sharded matmul streamed whole in every thread) is not.
  bool one_thread = false;

  static StrategyContext serial() { return {}; }
  static StrategyContext lone_thread() {
    StrategyContext s;
    s.one_thread = true;
    return s;
  }
  static StrategyContext sharded(const Sharding& plan) { return {Strategy::Sharded, &plan, nullptr}; }
  static StrategyContext grid(const GridPart& part) { return {Strategy::Grid, nullptr, &part}; }
  static StrategyContext shared_in_grid(const GridPart& part) { return {Strategy::Serial, nullptr, nullptr, &part}; }

  /// Axis `axis` of a value of HIR shape `shape` in the TIR value standing for it: moved with a
  /// row value's leading axes inside a grid part (GridPart::axis), else itself.
  std::int64_t axis(const std::vector<ShapeDim>& shape, std::int64_t axis) const {
    return part != nullptr ? part->axis(shape, axis) : axis;
  }
  /// The extents a rule's per-element loops run over for a value of HIR shape `shape`: a row
  /// value's own part inside a grid part (GridPart::own_shape), else `shape`.
  std::vector<ShapeDim> own_shape(const std::vector<ShapeDim>& shape) const {
    return part != nullptr ? part->own_shape(shape) : shape;
  }
  /// The TIR axes of a reduction over `axes` of a value of HIR shape `shape`: GridPart::reduce_axes
  /// inside a grid part, else `axes`.
  std::vector<std::int64_t> reduce_axes(const std::vector<ShapeDim>& shape, const std::vector<std::int64_t>& axes) const {
    return part != nullptr ? part->reduce_axes(shape, axes) : axes;
  }
};

}  // namespace tf::lower
