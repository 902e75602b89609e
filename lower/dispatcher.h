// DimVar dispatch lowered (docs/lowering.md, "Dispatch"): a dispatch prototype becomes a host
// function of its name whose body is a DispatchCall over its variants' host entries.
//
// Design note. HIR picks the one variant whose DimVarRangePat admits the extent of the first bare
// occurrence of its DimVar in the parameters (hir::locate_dim_var), and an input no variant
// admits, or more than one, is an eval error. TIR's DispatchCall runs the first case that matches,
// else its fallback. The two agree when every variant tests the same DimVar and the ranges are
// disjoint, so a prototype is lowered only then (otherwise refused with the reason):
//   prim_func f(x, ..., out) outputs=K target=host {
//       dispatch "f" on (ShapeOf(x, k)) {
//           case (DimVarRangePat("N", lo, hi)) => @f_small(x, ..., out)
//           ...
//           fallback { abort "no variant of @f matches its inputs" }
//       }
//   }
// Each variant is lowered as a function of its own name (a kernel `f_small_kernel` and its host
// entry `f_small`), so a variant stays callable by name, as in HIR.
#pragma once

#include <map>
#include <string>

#include "ir/core/context.h"
#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"

namespace tf::lower {

/// The dispatcher of `proto` over `entries` (each variant's host entry by variant name), or the
/// refusal (design note).
Result<Ref<const tir::PrimFunction>> lower_prototype(const hir::Function& proto,
                                                     const std::map<std::string, Ref<const tir::PrimFunction>>& entries);

}  // namespace tf::lower
