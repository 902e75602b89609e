// The bounds HirToTirPass keeps, so that no program makes it recurse without end, overflow the
// stack or run for hours (docs/lowering.md, "Refusals"). Past each one the lowering is refused
// with a diagnostic at the HIR binding (exit 2 at the CLI).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ir/hir/function.h"

namespace tf::lower {

/// How deep HIR calls may nest, the function run counted: the HIR evaluator's limit
/// (hir::kMaxCallNesting). A deeper chain is an eval error in HIR, so its lowering is refused
/// (call_graph.h).
inline constexpr int kMaxCallNesting = hir::kMaxCallNesting;

/// The lowering's work budget per kernel, in steps: each HIR value lowered (an inlined call
/// lowers its callee's values again) and each TIR item (binding or statement) made is one. An
/// ordinary program stays far below (a chain of 990 softmaxes takes about 26,000); 40 levels of
/// doubled calls (2^40 inlined bodies) are refused before any inlining (call_graph.h), a split
/// into millions of parts once it passes the budget.
inline constexpr std::size_t kMaxKernelSteps = 100'000;

/// The budget of one HirToTirPass run over all its kernels (each HIR function is lowered into a
/// kernel of its own, its callees inlined again in each), refused ones included.
inline constexpr std::size_t kMaxModuleSteps = 1'000'000;

/// How deep the rules may recurse through values: each operand lowered before its user, and
/// each inlined body, nests one level. The HIR reader allows 2,000 per body; inlined calls add
/// up, and the rules recurse once per level.
inline constexpr std::size_t kMaxValueDepth = 2'500;

/// The stack each function's lowering runs on (ir/support/deep_stack.h): kMaxValueDepth levels
/// of the rules' recursion with room to spare. One level takes about 1.6 KB in an optimized build
/// (4 MB for the bound) and several times that under ASan + UBSan, where 1,000 levels overflowed
/// the 8 MB of a main thread (docs/lowering.md, "Refusals").
inline constexpr std::size_t kLoweringStackBytes = std::size_t{256} << 20;

/// The most products a matmul materializes whole (M x N x K, batches included): 2^16, 256 KiB of
/// f32, half a CUDA thread's local memory. A larger one streams its output elements, and only
/// such a matmul makes a function row-wise for the grid rule (composite_rules.cpp, grid_plan.h).
inline constexpr std::int64_t kMaxMatmulProducts = std::int64_t{1} << 16;

/// The register tensors one thread of a grid kernel should hold at most: 64 KiB. A plan whose
/// lowered kernel holds more gives each thread fewer rows (more CTAs), down to one row
/// (hir_to_tir.cpp); one row past it is lowered as it is (the emitter takes up to the 512 KiB
/// of local memory a CUDA thread has, and refuses more).
inline constexpr std::int64_t kGridThreadBytes = std::int64_t{64} << 10;

// The nesting of lets in a kernel is bounded by tir::kMaxLetNesting (ir/tir/stmt_walk.h), which
// the tfir reader keeps too.

/// The largest value a one-thread (serial) kernel holds in registers: 64 KiB, as a grid thread's
/// budget. A larger static value lives in a global-memory buffer of its own (rule_support.h's
/// value_storage): one thread is alone with it, and a register tensor past the 512 KiB of local
/// memory a CUDA thread has would not be emitted (a KV-cache append of 8 MB, an NVFP4 quantize
/// of 4096 x 4096).
inline constexpr std::int64_t kSerialRegisterBytes = kGridThreadBytes;

}  // namespace tf::lower
