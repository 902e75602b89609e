// A law's body under its name: the tables of ir/layout/testing (layout, mesh, barrier and
// ShardLayout laws) that the gtests (check_named_law, law_runner.h) and the `tf fuzz`
// properties (fuzz/props) both run.
#pragma once

namespace tf::fuzz {

/// One law: its name (as its gtest is named) and its body, a RapidCheck property body.
struct NamedLaw {
  const char* name;
  void (*body)();
};

}  // namespace tf::fuzz
