#include "ir/tir/sync.h"

#include <algorithm>

#include "ir/layout/mesh_slice_verify.h"
#include "ir/tir/op_check.h"
#include "ir/tir/op_verify.h"
#include "ir/tir/tir_ops.h"

namespace tf::tir {

bool is_sync(const Evaluate& e) {
  return e.is_op() && is_tir_op(e.op(), TirOp::Sync);
}

const Mesh& sync_mesh(const Call& sync) {
  TF_CHECK(is_tir_op(sync.op, TirOp::Sync), "sync_mesh of a {} Call", sync.op.name());
  const Mesh* m = std::get_if<Mesh>(&sync.attr("mesh"));
  TF_CHECK(m != nullptr, "a Sync Call without a mesh");
  return *m;
}

Result<BarrierClass> classify_sync(const Call& sync) {
  return classify_barrier(sync_mesh(sync));
}

std::vector<Diagnostic> check_sync_in_scope(const Call& sync, const std::vector<Mesh>& enclosing) {
  std::vector<Diagnostic> diags = verify_mesh_in_scope(sync_mesh(sync), enclosing);
  if (!diags.empty()) return diags;
  return classify_sync(sync).diagnostics();
}

std::vector<Diagnostic> verify_sync(const Call& call) {
  if (std::get_if<Mesh>(&call.attr("mesh")) == nullptr)
    return {detail::op_type_error(call.op, "needs the mesh it synchronizes")};
  return classify_sync(call).diagnostics();  // each names the sync: sync_text
}

std::optional<std::string> scope_spelling(const Mesh& m, const std::vector<Mesh>& scopes,
                                          const std::vector<std::string>& names) {
  for (std::size_t i = std::min(scopes.size(), names.size()); i-- > 0;) {
    if (m == scopes[i]) return names[i];
    if (std::optional<std::vector<SliceKey>> key = slice_key_of(m, scopes[i])) return slice_spelling(names[i], *key);
  }
  return std::nullopt;
}

void respell_sync(Diagnostic& d, const Mesh& m, const std::string& spelling) {
  const std::string tfir = sync_text(m);
  if (d.message.compare(0, tfir.size(), tfir) == 0) d.message.replace(0, tfir.size(), "sync(" + spelling + ")");
}

}  // namespace tf::tir
