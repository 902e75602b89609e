#include "ir/support/diagnostic.h"

#include <gtest/gtest.h>

namespace tf {
namespace {

TEST(Diagnostic, RendersClangStyleWithRuleIdNotesAndPath) {
  Diagnostic d = rule_error("TIR.1.5.SYNC.warp-aligned", "participants straddle a warp");
  d.location = {"k.tfir", 12, 5};
  d.notes = {"warp 0 has 16 participants"};
  d.ir_path = "k.body[2]";
  EXPECT_EQ(d.render(),
            "k.tfir:12:5: error[TIR.1.5.SYNC.warp-aligned]: participants straddle a warp\n"
            "note: warp 0 has 16 participants\n"
            "at: k.body[2]");
}

TEST(Diagnostic, CategoryTagWhenNoRuleApplies) {
  Diagnostic d = category_error(DiagCategory::Parse, "expected ')'");
  d.location = {"a.tfir", 1, 9};
  EXPECT_EQ(d.tag(), "parse");
  EXPECT_EQ(d.render(), "a.tfir:1:9: error[parse]: expected ')'");
}

TEST(Diagnostic, NoLocationOmitsPrefix) {
  EXPECT_EQ(category_error(DiagCategory::Usage, "bad flag").render(), "error[usage]: bad flag");
}

TEST(Diagnostic, HasErrorIgnoresWarningsAndNotes) {
  Diagnostic w = category_error(DiagCategory::Type, "w");
  w.severity = Severity::Warning;
  EXPECT_FALSE(has_error({w}));
  EXPECT_TRUE(has_error({w, category_error(DiagCategory::Type, "e")}));
}

}  // namespace
}  // namespace tf
