#include "fuzz/props/verify_props.h"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <functional>
#include <string>
#include <vector>

#include "fuzz/campaign/property.h"
#include "fuzz/props/support.h"
#include "fuzz/gen/hir_program_gen.h"
#include "fuzz/gen/tfir_mutation.h"
#include "fuzz/gen/tir_program_gen.h"
#include "ir/support/testing/pick.h"

namespace tf::fuzz {
namespace {

// One mutation that makes a valid program (a TirProgram or a HirProgram) invalid under one rule:
// it edits `p` and returns true, or returns false when `p` has nothing it applies to.
template <typename Program>
struct Mutation {
  const char* rule;
  std::function<bool(Program& p)> apply;
};

// The first tensor type of `text` (a prim_func header `k0(a: Tensor[(4, 8), f32], ...`, or a
// parameter type `Tensor[(4, N), f32]`) with `edit` applied to the text between its last ", "
// and its "]" (the dtype, when the type has no attributes); false when there is none.
bool edit_first_dtype(std::string& text, const std::function<std::string(const std::string&)>& edit) {
  const std::size_t open = text.find("Tensor[");
  if (open == std::string::npos) return false;
  const std::size_t close = text.find(']', open);
  const std::size_t comma = text.rfind(", ", close);
  if (close == std::string::npos || comma == std::string::npos || comma < open) return false;
  const std::string dtype = text.substr(comma + 2, close - comma - 2);
  if (dtype.find('=') != std::string::npos) return false;  // an attribute, not the dtype
  text.replace(comma + 2, close - comma - 2, edit(dtype));
  return true;
}

// The mutations every program kind takes through the text of its first tensor type: an unknown
// storage name, an unknown dtype name.
bool unknown_storage(std::string& text) {
  const std::string name = element<std::string>({"shared", "global", "registers", "tmem2", "GMEM"});
  return edit_first_dtype(text, [&](const std::string& d) { return d + ", storage=\"" + name + "\""; });
}
bool unknown_dtype(std::string& text) {
  const std::string name = element<std::string>({"f31", "i33", "fp9e4m3", "bf15", "u7"});
  return edit_first_dtype(text, [&](const std::string&) { return name; });
}

// `dim Zq = DimVar("Zq", lo, hi)` with lo >= hi.
std::string empty_dim_envelope() {
  const int hi = pick<int>(1, 64);
  return fmt::format("dim Zq = DimVar(\"Zq\", {}, {})", hi + pick<int>(0, 3), hi);
}

const std::vector<Mutation<TirProgram>>& mutations() {
  static const std::vector<Mutation<TirProgram>> ms{
      {"TIR.2.3.ASYNC.wait-non-negative",
       [](TirProgram& p) {
         p.functions[0].body.push_back(TirStmt{fmt::format("cp_async_wait(n=-{})", pick<int>(1, 9)), false, {}});
         return true;
       }},
      {"TIR.2.3.MEMORY.fill-rank0-value",
       [](TirProgram& p) {  // every generated kernel's params have rank 1 or 2
         const bool two = p.functions[0].header.find("b: ") != std::string::npos;
         p.functions[0].body.push_back(TirStmt{two ? "fill(a, b)" : "fill(a, a)", false, {}});
         return true;
       }},
      {"TIR.2.3.LAUNCH.host-only",
       [](TirProgram& p) {
         for (TirFunc& f : p.functions) {
           const std::size_t at = f.header.find("target=host");
           if (at == std::string::npos) continue;
           f.header.replace(at, 11, "target=cuda");
           return true;
         }
         return false;
       }},
      {"TYPES.4.DIM.dimvar-lo-lt-hi",
       [](TirProgram& p) {
         p.declarations.push_back(empty_dim_envelope());
         return true;
       }},
      {"TYPES.2.STORAGE.resolve-rejects-other-strings", [](TirProgram& p) { return unknown_storage(p.functions[0].header); }},
      {"TYPES.3.DTYPE.from-name-rejects-unknown", [](TirProgram& p) { return unknown_dtype(p.functions[0].header); }},
  };
  return ms;
}

// The same for a HIR program: edits of its first function.
const std::vector<Mutation<HirProgram>>& hir_mutations() {
  static const std::vector<Mutation<HirProgram>> ms{
      {"TYPES.5.TUPLE.not-op-input",
       [](HirProgram& p) {  // a tuple passed to an op
         HirFunc& f = p.functions[0];
         const std::string x = f.params[0].first;
         f.body.push_back(HirBinding{"tq", "", "(" + x + ", " + x + ")", false, {}, ""});
         f.body.push_back(HirBinding{"rq", "", element<std::string>({"rank(tq)", "shape_of(tq)", "neg(tq)"}), false, {}, ""});
         return true;
       }},
      {"TYPES.2.STORAGE.umat-not-surface",
       [](HirProgram& p) {
         return edit_first_dtype(p.functions[0].params[0].second, [](const std::string& d) { return d + ", storage=\"umat\""; });
       }},
      {"TYPES.2.STORAGE.resolve-rejects-other-strings", [](HirProgram& p) { return unknown_storage(p.functions[0].params[0].second); }},
      {"TYPES.3.DTYPE.from-name-rejects-unknown", [](HirProgram& p) { return unknown_dtype(p.functions[0].params[0].second); }},
      {"TYPES.4.DIM.dimvar-lo-lt-hi",
       [](HirProgram& p) {
         p.declarations.push_back(empty_dim_envelope());
         return true;
       }},
  };
  return ms;
}

// The mutant `text` must be refused with a diagnostic naming `rule` (the witness: a case that
// expects it, running `function`).
void assert_rejected(const std::string& text, const std::string& function, const char* rule) {
  Witness w;
  w.program = text;
  w.function = function;
  w.expectations = {std::string("error ") + rule};
  record_witness(std::move(w));
  const CheckedFile c = read_and_verify(text, "mutated.tfir");
  for (const Diagnostic& d : c.diagnostics())
    if (d.rule_id == rule) return;
  fail(std::string("a mutation is not rejected with its rule ") + rule,
       c.diagnostics().empty() ? "the program is accepted" : render_diagnostics(c.diagnostics()));
}

// The program must read and verify cleanly.
void assert_valid(const std::string& text) {
  Witness w;
  w.program = text;
  record_witness(std::move(w));  // a case without expectations: the file reads and verifies
  const CheckedFile c = read_and_verify(text, "generated.tfir");
  if (!c.file) fail("a generated program does not read", render_diagnostics(c.read_errors));
  if (!c.verify_errors.empty()) fail("a generated program does not verify", render_diagnostics(c.verify_errors));
}

}  // namespace

void verify_sound_case() {
  if (one_in(3)) {
    HirProgram p = *gen_hir_program(HirGenOptions{.every_op = true});
    assert_valid(p.text());
    const Mutation<HirProgram>& m = element(hir_mutations());
    RC_PRE(m.apply(p));
    RC_TAG(std::string("HIR: ") + m.rule);
    assert_rejected(p.text(), p.functions[0].name, m.rule);
    return;
  }
  TirProgram p = *gen_tir_program();
  assert_valid(p.text());
  const Mutation<TirProgram>& m = element(mutations());
  RC_PRE(m.apply(p));
  RC_TAG(std::string("TIR: ") + m.rule);
  assert_rejected(p.text(), "k0", m.rule);
}

}  // namespace tf::fuzz
