#include "ir/verify/module_verify.h"

#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"
#include "ir/verify/hir_dispatch_verify.h"
#include "ir/verify/hir_verify.h"
#include "ir/verify/tir_verify.h"

namespace tf {

std::vector<Diagnostic> verify_module(const Module& module, const OpHandlers& handlers) {
  std::vector<Diagnostic> out;
  for (const FunctionRef& f : module.functions()) {
    std::vector<Diagnostic> d;
    if (const auto* h = f->as<hir::Function>()) {
      if (!h->is_variant()) d = verify_function(*h, &module, handlers);  // a variant: via its base
      std::vector<Diagnostic> top = verify_top_level_dispatch(*h, module, handlers);
      d.insert(d.end(), top.begin(), top.end());
    } else if (const auto* p = f->as<tir::PrimFunction>())
      d = verify_prim_function(*p, &module, handlers);
    for (Diagnostic& x : d)
      if (x.function.empty()) x.function = f->name();
    out.insert(out.end(), d.begin(), d.end());
  }
  return out;
}

}  // namespace tf
