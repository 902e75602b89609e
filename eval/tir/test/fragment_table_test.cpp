// The SM80 16x8x16 atom's fragment ShardLayouts, run through the machine model's ownership
// (distribution.h) and register engines (view.h), against the PTX ISA fragment tables for
// mma.m16n8k16 with .bf16 operands ("Matrix Fragments for mma.m16n8k16 with floating point
// type"): g = lane >> 2, t = lane % 4;
//   A a0..a7: row g for i in {0, 1, 4, 5}, g + 8 otherwise; col 2t + (i & 1), + 8 for i >= 4
//   B b0..b3: k = 2t + (i & 1), + 8 for i >= 2; n = g
//   C c0..c3: row g for i < 2, g + 8 otherwise; col 2t + (i & 1)
#include <gtest/gtest.h>

#include <set>
#include <vector>
#include <utility>

#include "eval/tir/distribution.h"
#include "eval/tir/view.h"
#include "ir/tir/mma_atom.h"

namespace tf::eval::tir {
namespace {

using Element = std::pair<std::int64_t, std::int64_t>;  // (row, col)

Element a_element(int lane, int i) {
  const int g = lane >> 2, t = lane % 4;
  const int row = (i == 0 || i == 1 || i == 4 || i == 5) ? g : g + 8;
  return {row, 2 * t + (i & 1) + (i >= 4 ? 8 : 0)};
}
Element b_element(int lane, int i) {
  const int g = lane >> 2, t = lane % 4;
  return {2 * t + (i & 1) + (i >= 2 ? 8 : 0), g};
}
Element c_element(int lane, int i) {
  const int g = lane >> 2, t = lane % 4;
  return {i < 2 ? g : g + 8, 2 * t + (i & 1)};
}

// For every lane: the elements it owns under `sl` are exactly the table's, and its register
// engine puts table element i at register i.
void check(const ShardLayout& sl, std::int64_t rows, std::int64_t cols, int registers,
           Element (*table)(int, int), const char* which) {
  const Shape shape{rows, cols};
  Result<std::shared_ptr<const Distribution>> d = Distribution::make(sl, shape);
  ASSERT_TRUE(d.ok()) << which;
  Result<TensorTypeRef> type = TensorType::make({rows, cols}, DType::bf16(), LayoutBase(sl), StorageKind::Rmem);
  ASSERT_TRUE(type.ok()) << which;
  auto buffer = std::make_shared<Buffer>(1, Space::Register, DType::bf16(), registers, "frag");
  ViewCaches cache;
  Result<ViewRef> view = buffer_view("frag", **type, shape, buffer, true, cache);
  ASSERT_TRUE(view.ok()) << which;
  for (int lane = 0; lane < 32; ++lane) {
    Result<std::optional<LocalBox>> box = (*d)->place(ThreadPos{0, lane, 1, 32});
    ASSERT_TRUE(box.ok() && box->has_value()) << which << " lane " << lane;
    std::set<Element> owned, expected;
    for (std::int64_t i = 0; i < rows * cols; ++i)
      if ((*d)->owns(**box, i)) owned.insert({i / cols, i % cols});
    for (int r = 0; r < registers; ++r) {
      const Element e = table(lane, r);
      expected.insert(e);
      EXPECT_EQ((*view)->map->offset(e.first * cols + e.second), r)
          << which << " lane " << lane << " register " << r << " holds (" << e.first << ", " << e.second << ")";
    }
    EXPECT_EQ(owned, expected) << which << " lane " << lane;
  }
  // Stepping the domain coordinate (an odometer) lands where dividing each index out does, and
  // the view's offsets of a run of indices are its offsets one by one.
  std::int64_t stepped[kMaxDomainRank], divided[kMaxDomainRank];
  (*d)->domain_coord(0, stepped);
  std::vector<std::int64_t> all, one_by_one;
  for (std::int64_t i = 0; i < rows * cols; ++i) {
    if (i > 0) (*d)->next_domain_coord(stepped);
    (*d)->domain_coord(i, divided);
    for (std::size_t k = 0; k < (*d)->domain().size(); ++k) ASSERT_EQ(stepped[k], divided[k]) << which << " index " << i << " axis " << k;
    all.push_back(i);
    one_by_one.push_back((*view)->map->offset(i));
  }
  (*view)->map->offsets(all.data(), all.size(), all.data());
  EXPECT_EQ(all, one_by_one) << which;
}

TEST(FragmentTables, Sm80AtomMatchesThePtxTables) {
  Result<tf::tir::MmaAtomRef> atom = tf::tir::mma_atom("SM80_16x8x16_F32BF16BF16F32_TN");
  ASSERT_TRUE(atom.ok());
  check((*atom)->A(), 16, 16, 8, a_element, "A");
  check((*atom)->B(), 16, 8, 4, b_element, "B");
  check((*atom)->C(), 16, 8, 4, c_element, "C");
}

}  // namespace
}  // namespace tf::eval::tir
