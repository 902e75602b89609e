// EnumSpace and EnumAttr: the spaces spell their records, values read back as their enums,
// compare by (space, code), and an unknown spelling is worded as the type rules worded it.
#include "ir/core/enum_space.h"

#include <gtest/gtest.h>

#include "ir/core/attr_value.h"
#include "ir/core/math_kinds.h"
#include "ir/core/numerics_spaces.h"
#include "ir/core/reduce_kind.h"
#include "ir/support/check.h"

namespace tf {
namespace {

TEST(EnumSpace, TheKindSpacesSpellTheirRecordsByEnumerator) {
  ASSERT_EQ(kBinaryKindSpace.spellings.size(), std::size(kAllBinaryKinds));
  for (BinaryKind k : kAllBinaryKinds) {
    EXPECT_EQ(enum_attr(k).spelling(), binary_kind_name(k));
    EXPECT_EQ(kBinaryKindSpace.code_of(binary_kind_name(k)), static_cast<std::uint16_t>(k));
  }
  ASSERT_EQ(kUnaryKindSpace.spellings.size(), std::size(kAllUnaryKinds));
  for (UnaryKind k : kAllUnaryKinds) EXPECT_EQ(enum_attr(k).spelling(), unary_kind_name(k));
  ASSERT_EQ(kReduceKindSpace.spellings.size(), std::size(kAllReduceKinds));
  for (ReduceKind k : kAllReduceKinds) EXPECT_EQ(enum_attr(k).spelling(), reduce_kind_name(k));
  for (numerics::Rounding r : numerics::kAllRoundings)
    EXPECT_EQ(enum_attr(r).spelling(), numerics::rounding_name(r));
  for (numerics::ScaleMethod m : numerics::kAllScaleMethods)
    EXPECT_EQ(enum_attr(m).spelling(), numerics::scale_method_name(m));
  EXPECT_EQ(kBinaryKindSpace.name, "BinaryKind");
  EXPECT_FALSE(kBinaryKindSpace.code_of("FloorDiv").has_value());  // exact spellings only
  EXPECT_FALSE(enum_attr_of(kReduceKindSpace, "prod").has_value());
  EXPECT_EQ(enum_attr_of(kReduceKindSpace, "abs_max"), enum_attr(ReduceKind::AbsMax));
  EXPECT_THROW((void)kReduceKindSpace.spelling(99), InternalError);
}

TEST(EnumSpace, ListsAndAlternatives) {
  EXPECT_EQ(kReduceKindSpace.list(), "mean, sum, abs_max, max");
  EXPECT_EQ(kReduceKindSpace.list(), reduce_kind_list());
  EXPECT_EQ(kBinaryKindSpace.list(), binary_kind_list());
  EXPECT_EQ(numerics::kRoundingSpace.alternatives(), "rn, rz or rp");
  EXPECT_EQ(numerics::kScaleMethodSpace.alternatives(), "ocp, rceil or nvfp4");
}

TEST(EnumSpace, ValuesCompareBySpaceAndCodeAndReadBackAsTheirEnums) {
  // Max is code 6 of BinaryKind and code 3 of ReduceKind; Sum (ReduceKind) and Sub (BinaryKind)
  // share code 1: equal codes of different spaces are different values.
  EXPECT_EQ(enum_attr(BinaryKind::Sub).code, enum_attr(ReduceKind::Sum).code);
  EXPECT_NE(enum_attr(BinaryKind::Sub), enum_attr(ReduceKind::Sum));
  EXPECT_EQ(enum_attr(BinaryKind::Max), enum_attr(BinaryKind::Max));
  const AttrValue v = enum_attr(BinaryKind::FloorDiv);
  EXPECT_EQ(enum_value<BinaryKind>(v), BinaryKind::FloorDiv);
  EXPECT_THROW((void)enum_value<ReduceKind>(v), InternalError);  // another space
  EXPECT_THROW((void)enum_value<BinaryKind>(AttrValue(std::string("floor_div"))), InternalError);
  EXPECT_EQ(optional_enum_value<numerics::Rounding>(AttrValue()), std::nullopt);
  EXPECT_EQ(optional_enum_value<numerics::Rounding>(enum_attr(numerics::Rounding::TowardZero)),
            numerics::Rounding::TowardZero);
}

// Issue 42: an unknown spelling gets the nearest spellings of the space in a note.
TEST(EnumSpace, AnUnknownSpellingSuggestsTheNearest) {
  EXPECT_EQ(unknown_enum_spelling("hir.tensor.Reduce", "kind", kReduceKindSpace, "summ").notes,
            std::vector<std::string>{"did you mean: sum"});
  EXPECT_EQ(unknown_enum_spelling("hir.math.Binary", "kind", kBinaryKindSpace, "xor").notes,
            std::vector<std::string>{"did you mean: or, mod, pow"});
  EXPECT_TRUE(unknown_enum_spelling("hir.tensor.Reduce", "kind", kReduceKindSpace, "prod").notes.empty());
}

TEST(EnumSpace, AnUnknownSpellingIsTheOpsTypeErrorInTheSpacesWording) {
  auto message = [](std::string_view op, std::string_view attr, const EnumSpace& space,
                    std::string_view spelling) {
    const Diagnostic d = unknown_enum_spelling(op, attr, space, spelling);
    EXPECT_EQ(d.category, DiagCategory::Type);
    EXPECT_TRUE(d.rule_id.empty());
    return d.message;
  };
  EXPECT_EQ(message("hir.tensor.Reduce", "kind", kReduceKindSpace, "prod"),
            "hir.tensor.Reduce: unknown kind 'prod'; the kinds are mean, sum, abs_max, max");
  EXPECT_EQ(message("hir.math.Unary", "kind", kUnaryKindSpace, "cbrt"),
            "hir.math.Unary: unknown kind 'cbrt'; the kinds are " + unary_kind_list());
  EXPECT_EQ(message("hir.tensor.Cast", "rounding", numerics::kRoundingSpace, "rd"),
            "hir.tensor.Cast: rounding must be rn, rz or rp, got 'rd'");
  EXPECT_EQ(message("hir.tensor.Cast", "scale_method", numerics::kScaleMethodSpace, "amax"),
            "hir.tensor.Cast: scale_method must be ocp, rceil or nvfp4, got 'amax'");
}

}  // namespace
}  // namespace tf
