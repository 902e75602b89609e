// MmaOpSpec, MmaAtom and the SM80 m16n8k16 fragment layouts (mma_atom.h).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_local_shape.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/test/tir_test_util.h"

namespace tf::tir {
namespace {

using namespace test;

const MmaOpSpec& sm80() {
  const MmaOpSpec* s = find_mma_op_spec("SM80_16x8x16_F32BF16BF16F32_TN");
  EXPECT_NE(s, nullptr);
  return *s;
}

// covers: TIR.2.3.MMAOPSPEC.fields, TIR.2.3.MMAOPSPEC.fields-mirror-name,
// covers: TIR.2.3.MMAOPSPEC.dtype-a, TIR.2.3.MMAOPSPEC.dtype-c-may-differ,
// covers: TIR.2.3.MMAOPSPEC.operand-layout, TIR.2.3.MMAOPSPEC.no-fragment-layout
TEST(TirMma, TheSm80SpecMirrorsItsName) {
  const MmaOpSpec& s = sm80();
  // Exactly six fields, none of them a layout: fragments live on MmaAtom only.
  const auto& [name, shape_mnk, dtype_a, dtype_b, dtype_c, operand_layout] = s;
  EXPECT_EQ(name, "SM80_16x8x16_F32BF16BF16F32_TN");
  EXPECT_EQ(shape_mnk, (std::array<std::int64_t, 3>{16, 8, 16}));
  EXPECT_EQ(dtype_a, DType::bf16());
  EXPECT_EQ(dtype_b, DType::bf16());
  EXPECT_EQ(dtype_c, DType::f32());
  EXPECT_EQ(operand_layout, "TN");
}

// covers: TIR.2.3.MMAOPSPEC.name-unique
TEST(TirMma, PredefinedNamesAreDistinctAndLookUpOneSpec) {
  std::set<std::string> names;
  for (const MmaOpSpec& s : mma_op_specs()) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_EQ(find_mma_op_spec(s.name), &s);
  }
  EXPECT_EQ(find_mma_op_spec("SM80_16x8x16_NOPE"), nullptr);
}

// covers: TIR.2.3.MMAOPSPEC.shape-static, TIR.2.3.MMAOPSPEC.dtype-b-may-differ
TEST(TirMma, MakeNeedsThreeStaticExtents) {
  EXPECT_TRUE(
      MmaOpSpec::make("mixed", {16, 8, 32}, DType::fp8e4m3(), DType::bf16(), DType::f32(), "TN")
          .ok());
  EXPECT_EQ(rule_ids(MmaOpSpec::make("dyn", {16, dim("N", 1, 9), 16}, DType::bf16(), DType::bf16(),
                                     DType::f32(), "TN")),
            Ids{"TIR.2.3.MMAOPSPEC.shape-static"});
  EXPECT_EQ(
      rule_ids(MmaOpSpec::make("two", {16, 8}, DType::bf16(), DType::bf16(), DType::f32(), "TN")),
      Ids{"TIR.2.3.MMAOPSPEC.shape-static"});
  EXPECT_FALSE(
      MmaOpSpec::make("bad", {16, 8, 16}, DType::bf16(), DType::bf16(), DType::f32(), "TX").ok());
  EXPECT_FALSE(
      MmaOpSpec::make("", {16, 8, 16}, DType::bf16(), DType::bf16(), DType::f32(), "TN").ok());
}

// covers: TIR.2.3.MMAATOM.fields, TIR.2.3.MMAATOM.built-by-atom, TIR.2.3.MMAATOM.op,
// covers: TIR.2.3.MMAATOM.required-scope, TIR.2.3.MMA.target-owned
TEST(TirMma, TheAtomOfAnOpExposesItsContracts) {
  MmaAtomRef atom = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  EXPECT_EQ(atom->op(), sm80());
  EXPECT_EQ(atom->family(), "mma");
  EXPECT_EQ(atom->spelling(), "cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)");
  EXPECT_EQ(atom->required_scope(), warp());
  EXPECT_EQ(atom->required_scope().topologies()[0].name(), "thread");
  EXPECT_EQ(*topology_domain(atom->required_scope()), 32);
  EXPECT_EQ(atom->required_scope().axes().shape(), IntTuple::tuple({4, 8}));
  EXPECT_EQ(atom->A().mesh(), warp());
  EXPECT_FALSE(mma_atom("SM90_NOPE").ok());
  // Atoms compare by value, as attribute values do.
  Atom a = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  Atom b = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  Atom f16 = ok(mma_atom("SM80_16x8x16_F32F16F16F32_TN"));
  EXPECT_TRUE(a->equals(*b));
  EXPECT_EQ(a->hash(), b->hash());
  EXPECT_FALSE(a->equals(*f16));
  EXPECT_EQ(as_mma_atom(a)->op().name, "SM80_16x8x16_F32BF16BF16F32_TN");
  EXPECT_EQ(as_mma_atom(Atom()), nullptr);
  // The Mma op the atom serves is a tir.cuda.nn op.
  EXPECT_EQ(op("tir.cuda.nn.Mma").dialect(), "tir");
}

// The (lane, register) -> logical coordinate map of a fragment, read off the ShardLayout by the
// ownership model of ir/layout/shard_chain.h: each flat domain leaf bound by a Split over a mesh
// axis of the same extent is that mesh coordinate; the other leaves sit at offset sum(c * stride)
// in the lane's register engine. Logical coordinate i is the colexicographic index of the leaves
// of top-level mode i.
std::map<std::pair<int, int>, std::pair<int, int>> fragment_map(const ShardLayout& sl) {
  const Layout& l = *sl.layout().as_layout();
  const std::vector<IntTuple> modes = l.shape().children();
  const std::vector<IntTuple> strides = leaves(l.stride());
  std::vector<int> extent;
  std::vector<int> mode_of;
  std::vector<int> weight;  // the leaf's step in its mode's logical coordinate
  for (int m = 0; m < static_cast<int>(modes.size()); ++m) {
    int w = 1;
    for (const IntTuple& leaf : leaves(modes[m])) {
      extent.push_back(static_cast<int>(leaf.value()));
      mode_of.push_back(m);
      weight.push_back(w);
      w *= static_cast<int>(leaf.value());
    }
  }
  std::map<int, int> bound;  // flat leaf -> mesh axis
  for (int a = 0; a < static_cast<int>(sl.attrs().size()); ++a) bound[sl.attrs()[a].axis()] = a;
  std::map<std::pair<int, int>, std::pair<int, int>> out;
  const int n = static_cast<int>(extent.size());
  std::vector<int> c(n, 0);
  for (;;) {
    int t[2] = {0, 0};
    int reg = 0;
    int coord[2] = {0, 0};
    for (int i = 0; i < n; ++i) {
      coord[mode_of[i]] += c[i] * weight[i];
      if (bound.count(i))
        t[bound[i]] = c[i];
      else
        reg += c[i] * static_cast<int>(strides[i].value());
    }
    const int lane = t[0] + 4 * t[1];
    EXPECT_TRUE(out.emplace(std::pair{lane, reg}, std::pair{coord[0], coord[1]}).second)
        << "lane " << lane << " register " << reg << " is owned twice";
    int i = 0;
    while (i < n && ++c[i] == extent[i]) c[i++] = 0;
    if (i == n) break;
  }
  return out;
}

// CuTe's MMA_Traits<SM80_16x8x16_F32BF16BF16F32_TN> layouts, (lane, value) -> linear index.
int cute(const std::array<int, 2>& thr_stride, const std::vector<int>& val_shape,
         const std::vector<int>& val_stride, int lane, int value) {
  int idx = (lane % 4) * thr_stride[0] + (lane / 4) * thr_stride[1];
  for (std::size_t i = 0; i < val_shape.size(); ++i) {
    idx += (value % val_shape[i]) * val_stride[i];
    value /= val_shape[i];
  }
  return idx;
}

// covers: TIR.2.3.MMAATOM.fragment-contracts
TEST(TirMma, FragmentsAreThePtxM16n8k16Layouts) {
  MmaAtomRef atom = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  auto per_lane = [](const ShardLayout& sl) { return *product(ok(shard_layout_local_shape(sl))); };
  EXPECT_EQ(per_lane(atom->A()), 16 * 16 / 32);
  EXPECT_EQ(per_lane(atom->B()), 16 * 8 / 32);
  EXPECT_EQ(per_lane(atom->C()), 16 * 8 / 32);
  // A: (M, K) = (16, 16); CuTe index m + 16 k.
  auto a = fragment_map(atom->A());
  ASSERT_EQ(a.size(), 256u);
  for (const auto& [lr, mk] : a)
    EXPECT_EQ(mk.first + 16 * mk.second,
              cute({32, 1}, {2, 2, 2}, {16, 8, 128}, lr.first, lr.second));
  // B: (K, N) = (16, 8); CuTe index n + 8 k.
  auto b = fragment_map(atom->B());
  ASSERT_EQ(b.size(), 128u);
  for (const auto& [lr, kn] : b)
    EXPECT_EQ(kn.second + 8 * kn.first, cute({16, 1}, {2, 2}, {8, 64}, lr.first, lr.second));
  // C: (M, N) = (16, 8); CuTe index m + 16 n.
  auto c = fragment_map(atom->C());
  ASSERT_EQ(c.size(), 128u);
  for (const auto& [lr, mn] : c)
    EXPECT_EQ(mn.first + 16 * mn.second, cute({32, 1}, {2, 2}, {16, 8}, lr.first, lr.second));
  // The PTX table for c0..c3 of lane 5 (groupID 1, threadID_in_group 1): rows 1 and 9,
  // columns 2 and 3.
  EXPECT_EQ(c.at({5, 0}), (std::pair{1, 2}));
  EXPECT_EQ(c.at({5, 1}), (std::pair{1, 3}));
  EXPECT_EQ(c.at({5, 2}), (std::pair{9, 2}));
  EXPECT_EQ(c.at({5, 3}), (std::pair{9, 3}));
}

// covers: TIR.2.3.MMAATOM.fragments-as-is, TIR.2.3.MMAATOM.required-scope-not-caller
TEST(TirMma, FragmentsAreReturnedAsIsOverTheAtomsOwnMesh) {
  MmaAtomRef atom = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  // A caller's warp, with its own axis names, bound by a MeshScope.
  Mesh callers = ok(Mesh::make({ok(Topology::make("thread", 32))},
                               tf::test::layout(IntTuple::tuple({4, 8}), IntTuple::tuple({1, 4})),
                               {"q", "g"}));
  MeshScopeRef scope = ok(MeshScope::make(callers, mesh_binding("w"), Sequential::empty()));
  // Reading the fragment inside the scope gives the same contract, over the atom's mesh.
  MmaAtomRef again = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  EXPECT_EQ(again->A(), atom->A());
  EXPECT_EQ(atom->A().mesh(), atom->required_scope());
  EXPECT_FALSE(atom->A().mesh() == scope->mesh);
  EXPECT_FALSE(atom->required_scope() == scope->mesh);
  EXPECT_EQ(atom->required_scope(), again->required_scope());
}

TEST(TirMma, MakeChecksTheFragmentsAgainstTheInstruction) {
  MmaAtomRef atom = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  // A and C swapped: the domains are not the operand tiles.
  EXPECT_FALSE(MmaAtom::make(sm80(), atom->C(), atom->B(), atom->A(), warp()).ok());
  // Fragments over another mesh than the required scope.
  EXPECT_FALSE(MmaAtom::make(sm80(), atom->A(), atom->B(), atom->C(), threads(32)).ok());
  EXPECT_TRUE(MmaAtom::make(sm80(), atom->A(), atom->B(), atom->C(), warp()).ok());
}

}  // namespace
}  // namespace tf::tir
