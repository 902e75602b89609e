#include "ir/tir/mma_atom.h"

#include <fmt/format.h>

#include <functional>

#include "ir/layout/layout_hash.h"
#include "ir/core/op.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/topology.h"
#include "ir/support/hash_combine.h"

namespace tf::tir {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

Layout known_layout(IntTuple shape, IntTuple stride) {
  return Layout::make(std::move(shape), std::move(stride)).value();
}

// The per-lane fragment layouts of m16n8k16 over sm80_warp_mesh() (derivation in the header).
ShardLayout m16n8k16_a() {
  Layout l = known_layout(tuple_of(tuple_of(8, 2), tuple_of(2, 4, 2)),
                          tuple_of(tuple_of(0, 2), tuple_of(1, 0, 4)));
  return ShardLayout::make(l, {S(3), S(0)}, sm80_warp_mesh()).value();
}
ShardLayout m16n8k16_b() {
  Layout l = known_layout(tuple_of(tuple_of(2, 4, 2), 8), tuple_of(tuple_of(1, 0, 2), 0));
  return ShardLayout::make(l, {S(1), S(3)}, sm80_warp_mesh()).value();
}
ShardLayout m16n8k16_c() {
  Layout l = known_layout(tuple_of(tuple_of(8, 2), tuple_of(2, 4)),
                          tuple_of(tuple_of(0, 2), tuple_of(1, 0)));
  return ShardLayout::make(l, {S(3), S(0)}, sm80_warp_mesh()).value();
}

MmaOpSpec known_spec(std::string name, std::int64_t m, std::int64_t n, std::int64_t k, DType a,
                     DType b, DType c) {
  return MmaOpSpec::make(std::move(name), {m, n, k}, a, b, c, "TN").value();
}

// The extent of each top-level mode of a fragment's domain (nested modes multiplied).
std::vector<std::int64_t> mode_extents(const ShardLayout& sl) {
  std::vector<std::int64_t> out;
  const IntTuple shape = sl.shape();
  const std::vector<IntTuple> modes =
      shape.is_leaf() ? std::vector<IntTuple>{shape} : shape.children();
  for (const IntTuple& mode : modes) {
    Result<std::int64_t> p = product(mode);
    out.push_back(p.ok() ? *p : -1);
  }
  return out;
}

}  // namespace

Result<MmaOpSpec> MmaOpSpec::make(std::string name, std::vector<ShapeDim> shape_mnk, DType dtype_a,
                                  DType dtype_b, DType dtype_c, std::string operand_layout) {
  std::vector<Diagnostic> diags;
  if (!is_identifier(name))
    diags.push_back(type_error(fmt::format("MmaOpSpec name '{}' is not an identifier", name)));
  std::array<std::int64_t, 3> mnk{};
  if (shape_mnk.size() != 3) {
    diags.push_back(rule_error("TIR.2.3.MMAOPSPEC.shape-static",
                               fmt::format("MmaOpSpec {}: shape_mnk is the (M, N, K) triple, got "
                                           "{} entries",
                                           name, shape_mnk.size())));
  } else {
    for (std::size_t i = 0; i < 3; ++i) {
      if (!shape_mnk[i].is_static() || shape_mnk[i].value() < 1)
        diags.push_back(rule_error(
            "TIR.2.3.MMAOPSPEC.shape-static",
            fmt::format("MmaOpSpec {}: entry {} of shape_mnk is a static extent >= 1", name, i)));
      else
        mnk[i] = shape_mnk[i].value();
    }
  }
  if (operand_layout.size() != 2 || operand_layout.find_first_not_of("TN") != std::string::npos)
    diags.push_back(type_error(
        fmt::format("MmaOpSpec {}: operand_layout is two letters of T / N (\"TN\"), got \"{}\"",
                    name, operand_layout)));
  if (!diags.empty()) return diags;
  return MmaOpSpec{std::move(name), mnk, dtype_a, dtype_b, dtype_c, std::move(operand_layout)};
}

const std::vector<MmaOpSpec>& mma_op_specs() {
  static const std::vector<MmaOpSpec>* specs = new std::vector<MmaOpSpec>{
      known_spec("SM80_16x8x16_F32BF16BF16F32_TN", 16, 8, 16, DType::bf16(), DType::bf16(),
                 DType::f32()),
      known_spec("SM80_16x8x16_F32F16F16F32_TN", 16, 8, 16, DType::f16(), DType::f16(),
                 DType::f32()),
  };
  return *specs;
}

const MmaOpSpec* find_mma_op_spec(std::string_view name) {
  for (const MmaOpSpec& s : mma_op_specs())
    if (s.name == name) return &s;
  return nullptr;
}

const Mesh& sm80_warp_mesh() {
  static const Mesh* warp = new Mesh(Mesh::make({Topology::make("thread", 32).value()},
                                                known_layout(tuple_of(4, 8), tuple_of(1, 4)))
                                         .value());
  return *warp;
}

Result<MmaAtomRef> MmaAtom::make(MmaOpSpec op, ShardLayout a, ShardLayout b, ShardLayout c,
                                 Mesh required_scope) {
  std::vector<Diagnostic> diags;
  const auto [m, n, k] = op.shape_mnk;
  auto check = [&](const char* which, const ShardLayout& sl, std::vector<std::int64_t> want) {
    if (!(sl.mesh() == required_scope))
      diags.push_back(type_error(
          fmt::format("MmaAtom {}: fragment {} is bound to {}, not to the atom's required scope {}",
                      op.name, which, to_string(sl.mesh()), to_string(required_scope))));
    if (mode_extents(sl) != want)
      diags.push_back(type_error(fmt::format(
          "MmaAtom {}: fragment {} has the domain {}, which is not the operand's {} x {} tile",
          op.name, which, to_string(sl.layout()), want[0], want[1])));
  };
  check("A", a, {m, k});
  check("B", b, {k, n});
  check("C", c, {m, n});
  if (!diags.empty()) return diags;
  return MmaAtomRef(new MmaAtom(std::move(op), std::move(a), std::move(b), std::move(c),
                                std::move(required_scope)));
}

std::string MmaAtom::spelling() const {
  return fmt::format("cuda.mma.atom(op={})", op_.name);
}

bool MmaAtom::equals(const AtomNode& other) const {
  if (other.family() != family()) return false;
  const auto& o = static_cast<const MmaAtom&>(other);
  return op_ == o.op_ && a_ == o.a_ && b_ == o.b_ && c_ == o.c_ && scope_ == o.scope_;
}

std::size_t MmaAtom::hash() const {
  std::size_t h = std::hash<std::string>()(op_.name);
  for (const ShardLayout* sl : {&a_, &b_, &c_})
    h = hash_combine(h, structural_hash(*sl));
  return hash_combine(h, structural_hash(scope_));
}

Result<MmaAtomRef> mma_atom(std::string_view op_name) {
  const MmaOpSpec* spec = find_mma_op_spec(op_name);
  if (spec == nullptr) {
    std::string known;
    for (const MmaOpSpec& s : mma_op_specs()) known += (known.empty() ? "" : ", ") + s.name;
    return type_error(
        fmt::format("cuda.mma.atom: no MMA instruction named '{}' (known: {})", op_name, known));
  }
  // Every predefined op today is an m16n8k16 of the SM80 warp.
  return MmaAtom::make(*spec, m16n8k16_a(), m16n8k16_b(), m16n8k16_c(), sm80_warp_mesh());
}

const MmaAtom* as_mma_atom(const Atom& atom) {
  if (!atom || atom->family() != "mma") return nullptr;
  return static_cast<const MmaAtom*>(atom.get());
}

}  // namespace tf::tir
