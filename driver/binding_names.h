// The bindings a run of one function can dump (`tf eval --dump-values=NAME,...`, the Python
// module's dump_values; driver/value_dump.h): the names a user may give, and their places.
#pragma once

#include <string>
#include <vector>

#include "ir/core/function_base.h"
#include "ir/core/module.h"
#include "ir/support/source_location.h"

namespace tf::cli {

/// A binding a run can dump: its source name and where it is bound (line 0: no place known).
struct BindingName {
  std::string name;
  SourceLocation location;
};

/// What a run of `fn` of `module` can dump, in source order: for a func, every named binding of
/// its body and of each func it can call (every variant of a prototype), loop bodies included;
/// for a prim_func, the `let` of each alloc_tensor in it and in each prim_func it launches or
/// calls, then its output parameters (placed at the prim_func). A name bound at two places is
/// there twice.
std::vector<BindingName> dumpable_bindings(const Module& module, const FunctionBase& fn);

}  // namespace tf::cli
