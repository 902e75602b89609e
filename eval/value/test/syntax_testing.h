// Test helper of the literal tests: a tfir expression parsed, or a test bug.
#pragma once

#include <string>

#include "ir/support/check.h"
#include "ir/text/expression_parser.h"

namespace tf::eval {

/// The syntax tree of `s` (TF_CHECK: the test's own input parses).
inline text::Syntax parse(const std::string& s) {
  Result<text::Syntax> r = text::parse_expression(s, "t.tfir");
  TF_CHECK(r.ok(), "test input does not parse: {}", s);
  return *r;
}

}  // namespace tf::eval
