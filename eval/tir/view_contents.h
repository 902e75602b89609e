// The logical elements of a view read out of its buffer into a tensor: a run's outputs, and the
// final contents of a tensor that `tf eval --dump-values` shows (allocation_recorder.h).
#pragma once

#include <cstdint>

#include "eval/tir/view.h"
#include "eval/value/tensor.h"

namespace tf::eval::tir {

/// What a view holds (view_contents).
struct ViewContents {
  Tensor values;                     ///< the view's dtype and logical shape; an unwritten element is code 0
  std::int64_t unwritten = 0;        ///< how many elements were never written
  std::int64_t first_unwritten = -1; ///< the row-major index of the first of them (-1: none)
};

/// Every logical element of `v` (row-major) as its buffer holds it now, through v's element map
/// (a distributed view: every element, whoever owns it; the whole buffer's map, not one thread's
/// part). Precondition: every element lies in the buffer (a parameter's or an allocation's view).
ViewContents view_contents(const View& v);

}  // namespace tf::eval::tir
