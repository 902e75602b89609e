#include "ir/core/substitute.h"

#include "ir/core/expr_mutator.h"

namespace tf {
namespace {

class Substituter final : public ExprMutator {
 public:
  explicit Substituter(const VarMap& map) : map_(map) {}

 protected:
  using ExprMutator::mutate_node;
  Expr mutate_node(const VarRef& v) override {
    if (auto it = map_.find(v.get()); it != map_.end()) return it->second;
    return v;
  }

 private:
  const VarMap& map_;
};

}  // namespace

Expr substitute(const Expr& e, const VarMap& map) {
  if (map.empty()) return e;
  return Substituter(map).mutate(e);
}

}  // namespace tf
