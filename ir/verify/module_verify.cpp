#include "ir/verify/module_verify.h"

#include "ir/hir/function.h"
#include "ir/verify/hir_verify.h"

namespace tf {

std::vector<Diagnostic> verify_module(const Module& module, const OpHandlers& handlers) {
  std::vector<Diagnostic> out;
  for (const FunctionRef& f : module.functions()) {
    std::vector<Diagnostic> d;
    if (const auto* h = dynamic_cast<const hir::Function*>(f.get())) d = verify_function(*h, &module, handlers);
    out.insert(out.end(), d.begin(), d.end());
  }
  return out;
}

}  // namespace tf
