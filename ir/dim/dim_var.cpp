#include "ir/dim/dim_var.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

#include "ir/type/tensor_type.h"

namespace tf {

DimVar::DimVar(std::string name_, std::int64_t lo_, std::int64_t hi_)
    : ExprNode(kKind, TensorType::meta_scalar(DType::i64())),
      name(std::move(name_)),
      lo(lo_),
      hi(hi_) {}

Result<DimVarRef> DimVar::make(std::string name, std::int64_t lo, std::int64_t hi) {
  if (name.empty())
    return rule_error("TYPES.4.DIM.dimvar-name-nonempty",
                      fmt::format("DimVar('', {}, {}): the name must not be empty", lo, hi));
  if (lo >= hi)
    return rule_error("TYPES.4.DIM.dimvar-lo-lt-hi",
                      fmt::format("DimVar('{}', {}, {}): the envelope [lo, hi) is half-open and "
                                  "needs lo < hi; a single value k is [k, k+1)",
                                  name, lo, hi));
  struct Table {
    std::mutex mutex;
    std::map<std::tuple<std::string, std::int64_t, std::int64_t>, DimVarRef> entries;
  };
  // Never destroyed: interned DimVars live for the whole process, static destruction included.
  static Table* table = new Table();
  std::lock_guard lock(table->mutex);
  auto key = std::make_tuple(name, lo, hi);
  auto it = table->entries.find(key);
  if (it != table->entries.end()) return it->second;
  DimVarRef v(new DimVar(std::move(name), lo, hi));
  table->entries.emplace(std::move(key), v);
  return v;
}

}  // namespace tf
