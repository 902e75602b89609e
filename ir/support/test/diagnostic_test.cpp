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

// Issue 34: `tf eval --fn $'h\x1b]0;pwned\x07'` and `tf explain` wrote the escape sequences of
// what the user gave straight to the terminal. A rendered diagnostic shows control characters
// (but the newline and the tab) as \xHH, in every part.
TEST(Diagnostic, ControlCharactersAreShownNotSent) {
  Diagnostic d = category_error(DiagCategory::Usage, "no function 'h\x1b]0;pwned\x07\x1b[2J'\tin\r\x7f");
  d.location = {"a\x1b.tfir", 1, 2};
  d.notes = {"the functions: @h\x1b[31m\nand more"};
  EXPECT_EQ(d.render(),
            "a\\x1B.tfir:1:2: error[usage]: no function 'h\\x1B]0;pwned\\x07\\x1B[2J'\tin\\x0D\\x7F\n"
            "note: the functions: @h\\x1B[31m\nand more");
}

TEST(Diagnostic, HasErrorIgnoresWarningsAndNotes) {
  Diagnostic w = category_error(DiagCategory::Type, "w");
  w.severity = Severity::Warning;
  EXPECT_FALSE(has_error({w}));
  EXPECT_TRUE(has_error({w, category_error(DiagCategory::Type, "e")}));
}

}  // namespace
}  // namespace tf
