// How the RapidCheck laws of ir/layout/testing draw a law's arguments (one draw per law of
// ir/layout/layout_law.h and mesh_law.h) and judge them with the law's check. Internal to the
// law files of ir/layout/testing (layout_laws.cpp, mesh_laws.cpp, barrier_laws.cpp,
// shard_laws.cpp); layout_laws.h is their public face.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "ir/layout/layout_law.h"

namespace tf::fuzz {

/// How one law draws its arguments: RapidCheck draws, in the order the law's body has always
/// made them, so that a seed's cases stay what they were.
struct LawDraw {
  const char* name;
  std::vector<LawArgument> (*draw)();
};

/// The draws of each family, in its law table's order.
std::span<const LawDraw> layout_law_draws();
std::span<const LawDraw> mesh_law_draws();
std::span<const LawDraw> barrier_law_draws();
std::span<const LawDraw> shard_law_draws();

/// One case of the law `name` (any family) as a RapidCheck body: its arguments drawn, judged by
/// its check, its labels tagged, a violation failed with the postcondition and its particulars.
void assert_drawn_law(std::string_view name);

}  // namespace tf::fuzz
