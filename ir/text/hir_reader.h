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
// The Function keeps the binding names (hir::BindingNames) for the printer. A `specialize`
// item's body reads the same way into a variant (hir::Function::make_variant).
#pragma once

#include <map>

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

}  // namespace tf::text
