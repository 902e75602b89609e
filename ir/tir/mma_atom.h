// MmaOpSpec and MmaAtom: the hand-written MMA calling convention's descriptors (seed 002
// section 2.3, "MMA atom"), mirroring CuTe's MMA_Op -> MMA_Atom layering. The whole MMA
// surface is target-owned: it lives beside the tir.cuda.nn.Mma op (TIR.2.3.MMA.target-owned).
//
// Design note.
//  - MmaOpSpec names one fully specified instruction. Its name identifies it uniquely; the other
//    fields mirror the name (static (M, N, K), the A / B / C element dtypes, the source operand
//    order "TN") so verify and codegen never re-parse the string. It carries no fragment
//    layout (TIR.2.3.MMAOPSPEC.no-fragment-layout).
//  - MmaAtom realizes an op: the lane -> value ShardLayouts the instruction reads (A, B) and
//    writes (C), and the thread scope it needs, carried as its own Mesh. Fragments are returned
//    as-is, bound to that mesh, never rebound onto a caller's mesh
//    (TIR.2.3.MMAATOM.fragments-as-is, required-scope-not-caller). An MmaAtom is an AtomNode, so
//    it travels as the `atom` attribute of Mma; its family is "mma" and only MmaAtom uses it.
//    Its tfir spelling is `cuda.mma.atom(op=NAME)`, what T.cuda.mma.atom(op=...) builds
//    (mma_atom(name)).
//
// The catalogue holds SM80_16x8x16_F32BF16BF16F32_TN (PTX mma.sync.aligned.m16n8k16.row.col
// .f32.bf16.bf16.f32): (M, N, K) = (16, 8, 16), A bf16 (M x K, row), B bf16 (K x N, col), C f32.
// Its required scope is the warp of docs/tfir.md section 2,
//   warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
// whose mesh coordinate (t0, t1) is lane = t0 + 4 * t1, so t0 = lane % 4 (PTX's
// threadID_in_group) and t1 = lane / 4 (PTX's groupID).
//
// How the fragments were derived. CuTe's MMA_Traits (mma_traits_sm80.hpp) give each operand as
// a (thread, value) -> coordinate layout with thread shape (4, 8) (thread index t0 + 4 * t1):
//   ALayout ((4, 8), (2, 2, 2)) : ((32, 1), (16, 8, 128))  -> m + 16 * k over (M, K) = (16, 16)
//   BLayout ((4, 8), (2, 2))    : ((16, 1), (8, 64))       -> n + 8 * k  over (N, K) = (8, 16)
//   CLayout ((4, 8), (2, 2))    : ((32, 1), (16, 8))       -> m + 16 * n over (M, N) = (16, 8)
// Reading the strides: A has m = t1 + 8 v1 and k = 2 t0 + v0 + 8 v2; B has k = 2 t0 + v0 + 8 v1
// and n = t1; C has m = t1 + 8 v1 and n = 2 t0 + v0 (the PTX ISA's fragment tables for
// m16n8k16 say the same). A ShardLayout splits its domain blockwise per flat domain axis, so
// each logical axis is written as a nested mode whose leaves separate the thread part from the
// value parts (colexicographic, leftmost fastest), the thread leaves are split over the mesh
// axes with extent equal to the mesh extent (one position each), and the value leaves get
// strides 1, 2, 4, ... in PTX register order (a0, a1, ...). A Split leaf has stride 0: each
// lane owns its own register engine (upstream shard section 7.1.2, docs/decisions.md D8).
//   A over (M, K) = ((8, 2), (2, 4, 2)), flat axes m0 m1 k0 k1 k2:
//     ShardLayout(layout=Layout(((8, 2), (2, 4, 2)), ((0, 2), (1, 0, 4))), attrs=(S(3), S(0)),
//                 mesh=warp)                     t0 -> k1, t1 -> m0; v0 = k0, v1 = m1, v2 = k2
//   B over (K, N) = ((2, 4, 2), 8), flat axes k0 k1 k2 n:
//     ShardLayout(layout=Layout(((2, 4, 2), 8), ((1, 0, 2), 0)), attrs=(S(1), S(3)), mesh=warp)
//                                                t0 -> k1, t1 -> n;  v0 = k0, v1 = k2
//   C over (M, N) = ((8, 2), (2, 4)), flat axes m0 m1 n0 n1:
//     ShardLayout(layout=Layout(((8, 2), (2, 4)), ((0, 2), (1, 0))), attrs=(S(3), S(0)),
//                 mesh=warp)                     t0 -> n1, t1 -> m0; v0 = n0, v1 = m1
// Each lane thus holds 8 A values, 4 B values and 4 C values (16*16/32, 16*8/32, 16*8/32:
// TIR.2.3.MMAATOM.fragment-contracts); the tests check every (lane, value) against the CuTe
// formulas above.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/atom.h"
#include "ir/dtype/dtype.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"
#include "ir/type/shape_dim.h"

namespace tf::tir {

/// A named, fully specified MMA instruction (no fragment layouts).
struct MmaOpSpec {
  std::string name;                       ///< unique instruction name
  std::array<std::int64_t, 3> shape_mnk;  ///< static (M, N, K)
  DType dtype_a;                          ///< lhs element type
  DType dtype_b;                          ///< rhs element type (may differ from dtype_a)
  DType dtype_c;                          ///< accumulator element type
  std::string operand_layout;             ///< source operand order, e.g. "TN"

  /// The checking factory. Diagnostic (category Type) when the name is not an identifier,
  /// shape_mnk is not three static extents >= 1 (TIR.2.3.MMAOPSPEC.shape-static names that
  /// rule), or operand_layout is not two letters of T / N.
  static Result<MmaOpSpec> make(std::string name, std::vector<ShapeDim> shape_mnk, DType dtype_a,
                                DType dtype_b, DType dtype_c, std::string operand_layout);

  friend bool operator==(const MmaOpSpec&, const MmaOpSpec&) = default;
};

/// Every predefined MmaOpSpec (names pairwise distinct).
const std::vector<MmaOpSpec>& mma_op_specs();
/// The predefined spec named `name`, or nullptr.
const MmaOpSpec* find_mma_op_spec(std::string_view name);

/// The realized atom of an MmaOpSpec.
class MmaAtom final : public AtomNode {
 public:
  /// The checking factory. Diagnostic (category Type) when a fragment's mesh is not
  /// required_scope, or a fragment's domain does not have the instruction's logical shape
  /// (A: (M, K), B: (K, N), C: (M, N), each top-level mode's extents multiplied).
  static Result<Ref<const MmaAtom>> make(MmaOpSpec op, ShardLayout a, ShardLayout b, ShardLayout c,
                                         Mesh required_scope);

  /// The instruction this atom realizes.
  const MmaOpSpec& op() const { return op_; }
  /// The lhs fragment contract (as-is, over required_scope()).
  const ShardLayout& A() const { return a_; }
  /// The rhs fragment contract.
  const ShardLayout& B() const { return b_; }
  /// The accumulator fragment contract.
  const ShardLayout& C() const { return c_; }
  /// The thread-participation contract, the atom's own Mesh.
  const Mesh& required_scope() const { return scope_; }

  std::string_view family() const override { return "mma"; }
  /// `cuda.mma.atom(op=NAME)`.
  std::string spelling() const override;
  bool equals(const AtomNode& other) const override;
  std::size_t hash() const override;

 private:
  MmaAtom(MmaOpSpec op, ShardLayout a, ShardLayout b, ShardLayout c, Mesh scope)
      : op_(std::move(op)),
        a_(std::move(a)),
        b_(std::move(b)),
        c_(std::move(c)),
        scope_(std::move(scope)) {}
  MmaOpSpec op_;
  ShardLayout a_;
  ShardLayout b_;
  ShardLayout c_;
  Mesh scope_;
};

/// Handle to an MmaAtom.
using MmaAtomRef = Ref<const MmaAtom>;

/// The atom of the predefined op named `op_name` (T.cuda.mma.atom(op=...)). Diagnostic
/// (category Type) listing the catalogue when there is no such op.
Result<MmaAtomRef> mma_atom(std::string_view op_name);
/// `atom` as an MmaAtom, or nullptr for a null atom or one of another family.
const MmaAtom* as_mma_atom(const Atom& atom);

/// The warp mesh the SM80 atoms require: Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4))).
const Mesh& sm80_warp_mesh();

}  // namespace tf::tir
