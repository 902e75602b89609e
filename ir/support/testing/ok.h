// ok(r): the value of a Result a test expects to succeed. The one helper of its kind for every
// layer's tests: a failure is an InternalError naming the first diagnostic, which gtest reports
// as the failure of the test that called it.
#pragma once

#include <utility>

#include "ir/support/check.h"
#include "ir/support/result.h"

namespace tf::testing {

/// The value of `r`; InternalError ("expected success: <diagnostic>") when it failed.
template <typename T>
T ok(Result<T> r) {
  TF_CHECK(r.ok(), "expected success: {}", r.diagnostics().front().render());
  return std::move(r).value();
}

}  // namespace tf::testing
