// The nearest names behind every "did you mean" note.
#include "ir/support/nearest_names.h"

#include <gtest/gtest.h>

namespace tf {
namespace {

TEST(NearestNames, EditDistanceIgnoresCase) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("Concat", "concat"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
}

TEST(NearestNames, NearestFirstContainingNamesKept) {
  const std::vector<std::string> known{"TIR", "TYPES", "hir.tensor.Concat", "concat", "stack"};
  EXPECT_EQ(nearest_names("concatt", known), (std::vector<std::string>{"concat"}));
  EXPECT_EQ(nearest_names("HIR", known), (std::vector<std::string>{"TIR", "hir.tensor.Concat"}));
  EXPECT_EQ(nearest_names("Concat", known),
            (std::vector<std::string>{"concat", "hir.tensor.Concat"}));
  EXPECT_EQ(nearest_names("Concat", known, 1), (std::vector<std::string>{"concat"}));
  EXPECT_TRUE(nearest_names("zzzzzzzz", known).empty());
}

// A one-letter name is within the distance limit of every short name: one that keeps none of its
// letters is not suggested (a one-letter name is near only itself in another case), and a name of
// one or two letters is contained in too many to say.
TEST(NearestNames, ShortNamesAreNearOnlyByTheirLetters) {
  EXPECT_TRUE(nearest_names("c", {"a", "b", "acc", "cs"}).empty());
  EXPECT_EQ(nearest_names("X", {"a", "x"}), (std::vector<std::string>{"x"}));
  EXPECT_EQ(nearest_names("ab", {"xyzab", "abc"}), (std::vector<std::string>{"abc"}));
}

// The search is quadratic in the names' lengths: a name past kLongestNearName is near nothing.
TEST(NearestNames, AVeryLongNameIsNearNothing) {
  const std::string long_name(kLongestNearName + 1, 'a');
  EXPECT_TRUE(nearest_names(long_name, {long_name, long_name + "b"}).empty());
  EXPECT_EQ(nearest_names(long_name.substr(1), {long_name}), (std::vector<std::string>{long_name}));
}

TEST(NearestNames, TheNoteNamesTheNearestWithTheirSigil) {
  Diagnostic d = category_error(DiagCategory::Usage, "no function is named 'rotat'");
  suggest_nearest(d, "rotat", {"rotate_unsynced", "rotate", "main"}, "@");
  EXPECT_EQ(d.notes, (std::vector<std::string>{"did you mean: @rotate, @rotate_unsynced"}));
  Diagnostic none = category_error(DiagCategory::Usage, "no op is spelled 'zzzz'");
  suggest_nearest(none, "zzzz", {"softmax"});
  EXPECT_TRUE(none.notes.empty());
}

}  // namespace
}  // namespace tf
