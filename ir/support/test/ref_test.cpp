#include "ir/support/ref.h"

#include <gtest/gtest.h>

namespace tf {
namespace {

struct Node : RefCounted {
  explicit Node(int v, int* live) : value(v), live(live) { ++*live; }
  ~Node() { --*live; }
  int value;
  int* live;
};

TEST(Ref, CountsAndFreesOnLastRelease) {
  int live = 0;
  {
    Ref<Node> a = make_ref<Node>(3, &live);
    EXPECT_EQ(a->ref_count(), 1);
    {
      Ref<Node> b = a;
      EXPECT_EQ(a->ref_count(), 2);
      EXPECT_TRUE(a.same_as(b));
    }
    EXPECT_EQ(a->ref_count(), 1);
    EXPECT_EQ(live, 1);
  }
  EXPECT_EQ(live, 0);
}

TEST(Ref, RawPointerRoundTripKeepsOneCount) {
  int live = 0;
  Ref<Node> a = make_ref<Node>(1, &live);
  Ref<Node> b(a.get());
  EXPECT_EQ(a->ref_count(), 2);
  Ref<Node> c = std::move(b);
  EXPECT_FALSE(b);
  EXPECT_EQ(a->ref_count(), 2);
}

TEST(Ref, CopyingTheObjectDoesNotCopyTheCount) {
  int live = 0;
  Ref<Node> a = make_ref<Node>(1, &live);
  Node copy = *a;
  EXPECT_EQ(copy.ref_count(), 0);
}

}  // namespace
}  // namespace tf
