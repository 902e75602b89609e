// DumpedValue: one value an evaluation shows besides its result (`tf eval --dump-values`, the
// Python module's `dump_values`; driver/value_dump.h): the value of an HIR binding at one of its
// evaluations, or the final contents of a TIR tensor, with the source place that bound it.
#pragma once

#include <optional>
#include <string>

#include "eval/value/tensor.h"
#include "ir/support/source_location.h"

namespace tf::eval {

/// One dumped value (header comment).
struct DumpedValue {
  std::string name;             ///< the binding's source name; an element of a tuple as "r[1]"
  SourceLocation location;      ///< where it was bound (line 0: the program has no place for it)
  /// Which evaluation this is when the binding has several (a loop body, a function called
  /// twice, a CTA's shared memory): "@g call 2, i=3", "CTA 1"; "" for the only one.
  std::string where;
  std::optional<Tensor> value;  ///< none when there is no one value to show (`note` says why)
  /// What a reader must know besides the value, or why there is none ("never evaluated in this run",
  /// "4 of 16 elements never written ..."); "" for nothing.
  std::string note;
};

}  // namespace tf::eval
