#include "ir/verify/round_trip.h"

#include "ir/core/structural.h"
#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_structural.h"

namespace tf {
namespace {

std::string render(const std::vector<Diagnostic>& diags) {
  std::string s;
  for (const Diagnostic& d : diags) s += d.render() + "\n";
  return s;
}

// "" when the functions of a and b are structurally equal, in order.
std::string function_difference(const Module& a, const Module& b) {
  if (a.functions().size() != b.functions().size()) return "the re-read file has another number of functions";
  for (std::size_t i = 0; i < a.functions().size(); ++i) {
    const FunctionBase* x = a.functions()[i].get();
    const FunctionBase* y = b.functions()[i].get();
    const std::string which = ": @" + x->name();
    if (x->name() != y->name() || !structural_equal(IRType(x->callable_type()), IRType(y->callable_type())))
      return "a re-read function has another name or type" + which;
    const auto* hx = x->as<hir::Function>();
    const auto* hy = y->as<hir::Function>();
    if ((hx == nullptr) != (hy == nullptr)) return "a re-read function is of another kind" + which;
    if (hx != nullptr) {
      if (!structural_equal(hx->body(), hy->body()) || !structural_equal(hx->return_type(), hy->return_type()))
        return "a re-read function differs" + which;
      continue;
    }
    const auto* tx = x->as<tir::PrimFunction>();
    const auto* ty = y->as<tir::PrimFunction>();
    if ((tx == nullptr) != (ty == nullptr)) return "a re-read function is of another kind" + which;
    if (tx != nullptr && (!tir::structural_equal(tir::Stmt(tx->body()), tir::Stmt(ty->body())) ||
                          tx->target() != ty->target() || tx->output_count() != ty->output_count()))
      return "a re-read function differs" + which;
  }
  return "";
}

}  // namespace

std::string round_trip_failure(const text::ReadFile& file, std::size_t verify_errors, const Context& context) {
  const std::string once = text::print_file(file);
  const CheckedFile again = read_and_verify(once, "printed.tfir", context);
  if (!again.file) return "the printed text does not read: " + render(again.read_errors) + "printed:\n" + once;
  if (again.verify_errors.size() != verify_errors)
    return "the printed text verifies differently: " + render(again.verify_errors) + "printed:\n" + once;
  const std::string twice = text::print_file(*again.file);
  if (twice != once) return "print is not a fixed point: \n" + once + "---\n" + twice;
  return function_difference(*file.module, *again.file->module);
}

}  // namespace tf
