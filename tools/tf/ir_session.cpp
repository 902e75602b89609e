#include "tools/tf/ir_session.h"

#include "ir/core/core_ops.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/tir_ops.h"
#include "ir/verify/module_verify.h"

namespace tf::cli {

const OpHandlers& cli_op_tables() {
  static const OpHandlers* tables = [] {
    OpHandlers& h = OpHandlers::global();
    register_core_ops(OpRegistry::global(), h);
    hir::register_hir_math_ops(OpRegistry::global(), h);
    hir::register_hir_tensor_ops(OpRegistry::global(), h);
    hir::register_hir_nn_ops(OpRegistry::global(), h);
    hir::register_hir_cuda_nn_ops(OpRegistry::global(), h);
    hir::register_hir_sharding_ops(OpRegistry::global(), h);
    tir::register_tir_ops(OpRegistry::global(), h);
    return &h;
  }();
  return *tables;
}

text::ReadOptions cli_read_options() {
  return text::ReadOptions{.handlers = &cli_op_tables(),
                           .atoms = [](const std::string& op) -> Result<Atom> {
                             Result<tir::MmaAtomRef> a = tir::mma_atom(op);
                             if (!a.ok()) return a.diagnostics();
                             return Atom(*a);
                           }};
}

CheckedFile check_source(const std::string& source, const std::string& path) {
  CheckedFile out;
  Result<text::ReadFile> f = text::read_file(source, path, cli_read_options());
  if (!f.ok()) {
    out.diagnostics = f.diagnostics();
    return out;
  }
  out.diagnostics = verify_module(*f->module, cli_op_tables());
  // A verifier diagnostic names an IR path; place it at its function's keyword.
  for (Diagnostic& d : out.diagnostics) {
    if (d.location.known() || d.ir_path.empty()) continue;
    const std::string fn = d.ir_path.substr(0, d.ir_path.find('.'));
    for (const text::SkippedItem& item : f->file.items)
      if (item.kind != text::ItemKind::Case && item.name == fn) d.location = item.begin;
  }
  out.file = std::move(*f);
  return out;
}

}  // namespace tf::cli
