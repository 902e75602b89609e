// Reading a `func` item's body into an HIR Function (docs/tfir.md section 5):
//   func NAME(x: T, ...) -> R {
//       two = 2.0                              a binding: name[: Type] = value
//       t: Tensor[(N, 8), f32] = mul(x, two)   the declared type must equal the inferred one
//       r = for i in range(0, 5, 1) carry (a = x, b = x) {
//           c = add(a, b)
//           yield (b, c)                       one value per carry, in order
//       }
//       return r                               or `return (a, b)`: the body is a Tuple
//   }
// Values are built by value_builder.h. A loop body is a nested block: its bindings are not
// visible after the loop. The loop's induction variable is a rank-0 i64 umat scalar; a carried
// Var takes its init's type. With no carry the loop's value is its last binding; with carries
// the region's body is its last yield (the body of a carried loop is never evaluated).
//
// Errors are positioned. After an error the reader goes on with the next statement, and a
// statement that uses a name whose binding failed is skipped without a second diagnostic.
// Each bound value's node carries its name and place (ExprNode::binding(); a value bound twice
// keeps its first), and each parameter's Var its place, for the printer and the diagnostics of
// later stages. A `specialize` item's body reads the same way into a variant
// (hir::Function::make_variant).
//
// A caller that writes a body as it goes and needs the types of its values in between (the
// upstream importer, ir/upstream/type_probe.h) reads it a few statements at a time with a
// PartialHirBody: the same statement reader over the same environment, without the Function.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ir/hir/function.h"
#include "ir/support/result.h"
#include "ir/text/body_environment.h"
#include "ir/text/module_reader.h"
#include "ir/text/signature_reader.h"

namespace tf::text {

/// The HIR Function of the func item `item` whose signature is `sig`; names resolve in
/// `file`, the file's `signatures` and `atoms`, ops in `handlers`.
Result<hir::HirFunctionRef> read_hir_function(const ParsedFile& file, const SkippedItem& item,
                                              const ItemSignature& sig, const OpHandlers& handlers,
                                              const std::map<std::string, Signature>& signatures,
                                              const std::map<std::string, Atom>& atoms);

/// The HIR variant of the specialize item `item` whose head is `head` (its body read as a
/// func's); names resolve as read_hir_function's.
Result<hir::HirFunctionRef> read_hir_variant(const ParsedFile& file, const SkippedItem& item,
                                             const SpecializeSignature& head, const OpHandlers& handlers,
                                             const std::map<std::string, Signature>& signatures,
                                             const std::map<std::string, Atom>& atoms);

/// A func body read a few statements at a time (header comment). Statements read as in a func
/// body (bindings and loops; one that fails poisons the name it binds, and one that uses a
/// poisoned name is skipped without a second diagnostic), but no Function is built: there is no
/// `return`, and no bound on the number of bindings. `file`, `handlers`, `signatures` and
/// `atoms` must outlive it.
class PartialHirBody {
 public:
  /// The empty body of a func whose parameters are `params`; names resolve as
  /// read_hir_function's.
  PartialHirBody(const ParsedFile& file, const std::vector<VarRef>& params, const OpHandlers& handlers,
                 const std::map<std::string, Signature>& signatures,
                 const std::map<std::string, Atom>& atoms);

  /// Reads `statements` (tfir bindings and loops, one a line) after those read so far. Fails
  /// with every diagnostic, positioned in `statements` (its first line is line 1) and named as
  /// `file`; the statements that read stay bound all the same.
  Result<bool> read(std::string_view statements);

  /// The type of the tfir value `value` (`x`, `(a, b)`, `tuple_get_item(r, index=1)`, ...) over
  /// the parameters and the names bound so far at the body's top level. Fails, positioned in
  /// `value`, at a name that is not bound or whose binding failed.
  Result<IRType> type_of(std::string_view value) const;

 private:
  BodyEnvironment env_;
  std::string file_name_;
};

}  // namespace tf::text
