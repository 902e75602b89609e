#include "ir/tir/stmt.h"

#include <fmt/format.h>

#include "ir/support/check.h"
#include "ir/tir/sequential.h"
#include "ir/tir/terminators.h"

namespace tf::tir {

std::string_view stmt_kind_name(StmtKind kind) {
  switch (kind) {
#define TF_STMT_NODE(Name) \
  case StmtKind::Name:     \
    return #Name;
#include "ir/tir/stmt_nodes.def"
  }
  TF_UNREACHABLE("bad StmtKind");
}

Result<SequentialRef> Sequential::make(std::vector<Stmt> body, Loc loc) {
  for (std::size_t i = 0; i < body.size(); ++i)
    if (!body[i])
      return category_error(DiagCategory::Type,
                            fmt::format("statement {} of a Sequential is null", i));
  return SequentialRef(new Sequential(std::move(body), std::move(loc)));
}

SequentialRef Sequential::empty() {
  static const SequentialRef* kEmpty = new SequentialRef(new Sequential({}, std::nullopt));
  return *kEmpty;
}

const Stmt& Sequential::operator[](std::size_t i) const {
  TF_CHECK(i < body.size(), "Sequential index {} out of range (length {})", i, body.size());
  return body[i];
}

Result<ReturnRef> Return::make(Loc loc) {
  return ReturnRef(new Return(std::move(loc)));
}

Result<AbortRef> Abort::make(std::string message, Loc loc) {
  return AbortRef(new Abort(std::move(message), std::move(loc)));
}

}  // namespace tf::tir
