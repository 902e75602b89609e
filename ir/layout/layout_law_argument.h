// The arguments of the laws (layout_law.h): the kinds a law's parameter takes, one value type
// for all of them, the text a law case writes for each (`input NAME = TEXT`, docs/tfir.md
// section 7) and the bounds that keep a law's brute-force enumeration small.
//
// Design note. Each kind is written in the tfir syntax that already reads it, so a reproducer
// reads like the rest of the format:
//   Layout        Layout((4, 8), (1, 4))                          docs/tfir.md section 3
//   Integer       24, -3
//   Bool          true, false
//   Mesh          Mesh((Topology("thread", 32),), Layout((4, 8), (8, 1)), names=("a0", "a1"))
//   SliceKey      [:, 0:16, -1]: a mesh subscript without its mesh, entry by entry as written
//   ShardLayout   ShardLayout(layout=L, attrs=(S(0), B()), mesh=M), built (and so checked)
//   ShardParts    the same spelling, one nested ShardLayout per inner layer, read without
//                 construction: the laws of construction judge parts that `make` refuses
//   Shape         (4, 6): a tuple of integers
//   ShardAttrs    (S(0), B(), P("max"), Dynamic())
//   BarrierSites  [3, 0, 3, 19]: sync-site numbers in request order ([] for none)
// A slice key keeps its spelling, since the brute-force reading of a key is independent of
// slice_box and some laws test exactly that: `:` is the whole axis, `3` and `-1` indices, `a:b`
// a range with either bound omitted (`1:`, `:16`) and negative bounds as written, `a:b:s` a range
// with a step, and `::` the range whose bounds and step are all omitted (it slices as `:` does,
// but is a different key). law_argument_text writes these forms; conformance/law_case_arguments.h
// reads them, and the two round-trip (conformance/test/law_argument_roundtrip_test.cpp).
//
// Bounds (law_argument_refusal), so that a check's enumeration stays small whatever a law case
// gives: a layout static, of at most 4,096 elements and a cosize of at most 65,536; a mesh
// static, its topology domain and its number of positions at most 4,096 and its device indices
// within 65,536 of 0 (|offset| + sum of (extent - 1) * |stride|); a slice key of at most 64
// entries, each number in [-65,536, 65,536]; a ShardLayout or ShardLayout parts static, 1 to 8
// layers each over a bounded mesh, a domain of at most 262,144 elements (the ownership oracle
// enumerates every element); a shape of extents in [1, 262,144] and at most 262,144 elements;
// at most 64 shard attrs; at most 4,096 barrier sites, each in [0, 255]; an integer within its
// parameter's range.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/layout/mesh.h"
#include "ir/layout/mesh_slice.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_law_parts.h"
#include "ir/layout/shard_layout.h"

namespace tf {

/// The kinds of law arguments, in the order of LawArgument's alternatives.
enum class LawArgumentKind {
  Layout,
  Integer,
  Bool,
  Mesh,
  SliceKey,
  ShardLayout,
  ShardParts,
  Shape,
  ShardAttrs,
  BarrierSites
};

/// Sync sites, by number, in the order a kernel requests their named-barrier ids.
struct BarrierSites {
  std::vector<int> sites;
  friend bool operator==(const BarrierSites&, const BarrierSites&) = default;
};

/// One argument of a law case: one alternative per LawArgumentKind, in its order.
using LawArgument =
    std::variant<Layout, std::int64_t, bool, Mesh, std::vector<SliceKey>, ShardLayout, ShardParts,
                 IntTuple, std::vector<ShardAttr>, BarrierSites>;

/// A parameter of a law: its name (as a law case's `input` line names it) and its kind.
struct LawParameter {
  std::string name;
  LawArgumentKind kind = LawArgumentKind::Layout;
  std::int64_t min = 1;       ///< an Integer's least value
  std::int64_t max = 262144;  ///< an Integer's greatest value
};

/// The kind `a` holds.
LawArgumentKind law_argument_kind(const LawArgument& a);

/// The kind for messages: "a layout", "an integer", "a bool", "a mesh", "a slice key",
/// "a ShardLayout", "ShardLayout parts", "a shape", "shard attrs", "barrier sites".
const char* law_argument_kind_name(LawArgumentKind k);

/// The text of `a` in its kind's form (design note): what a law case's `input` line gives.
std::string law_argument_text(const LawArgument& a);

/// The text of a slice key alone (`[:, 0:16, -1]`, `::` for a range without bounds or step).
std::string slice_key_text(const std::vector<SliceKey>& key);

/// Why `a` cannot be the argument for `p` ("" when it can): another kind, or outside the
/// kind's bounds (design note), each message starting with the parameter's name.
std::string law_argument_refusal(const LawParameter& p, const LawArgument& a);

}  // namespace tf
