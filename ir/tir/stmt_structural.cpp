#include "ir/tir/stmt_structural.h"

#include <cstdint>
#include <functional>
#include <string>
#include <tuple>
#include <type_traits>
#include <optional>
#include <variant>
#include <vector>

#include "ir/layout/layout_hash.h"
#include "ir/core/structural.h"
#include "ir/support/hash_combine.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/terminators.h"

namespace tf::tir {

namespace {

// ---- one equality and one hash overload per field type ------------------------------------

bool field_equal(std::int64_t a, std::int64_t b) {
  return a == b;
}
bool field_equal(const std::string& a, const std::string& b) {
  return a == b;
}
bool field_equal(Target a, Target b) {
  return a == b;
}
bool field_equal(const Mesh& a, const Mesh& b) {
  return a == b;
}
bool field_equal(const Pattern& a, const Pattern& b) {
  return tf::structural_equal(a, b);
}
bool field_equal(const IntrinsicDef* a, const IntrinsicDef* b) {
  return a == b;
}
bool field_equal(const Expr& a, const Expr& b) {
  return tf::structural_equal(a, b);
}
bool field_equal(const Stmt& a, const Stmt& b) {
  return structural_equal(a, b);
}
template <ExprNodeStruct T>
bool field_equal(const Ref<const T>& a, const Ref<const T>& b) {
  return tf::structural_equal(Expr(a), Expr(b));
}
template <StmtNodeStruct T>
bool field_equal(const Ref<const T>& a, const Ref<const T>& b) {
  return structural_equal(Stmt(a), Stmt(b));
}

std::size_t field_hash(std::int64_t v) {
  return std::hash<std::int64_t>()(v);
}
std::size_t field_hash(const std::string& s) {
  return std::hash<std::string>()(s);
}
std::size_t field_hash(Target t) {
  return 0x7a00 + static_cast<std::size_t>(t);
}
std::size_t field_hash(const Mesh& m) {
  return structural_hash(m);
}
std::size_t field_hash(const Pattern& p) {
  return tf::structural_hash(p);
}
std::size_t field_hash(const IntrinsicDef* d) {
  return d ? std::hash<std::string>()(d->name) : 0x1d0;
}
std::size_t field_hash(const Expr& e) {
  return tf::structural_hash(e);
}
std::size_t field_hash(const Stmt& s) {
  return structural_hash(s);
}
template <ExprNodeStruct T>
std::size_t field_hash(const Ref<const T>& e) {
  return tf::structural_hash(Expr(e));
}
template <StmtNodeStruct T>
std::size_t field_hash(const Ref<const T>& s) {
  return structural_hash(Stmt(s));
}

#include "ir/core/structural_fields.inc"

}  // namespace

bool structural_equal(const Stmt& a, const Stmt& b) {
  if (a.same_as(b)) return true;
  if (!a || !b || a->kind() != b->kind()) return false;
  switch (a->kind()) {
#define TF_STMT_NODE(Name)                                                \
  case StmtKind::Name:                                                    \
    return fields_equal(static_cast<const Name&>(*a).structural_fields(), \
                        static_cast<const Name&>(*b).structural_fields());
#include "ir/tir/stmt_nodes.def"
  }
  TF_UNREACHABLE("bad StmtKind");
}

std::size_t structural_hash(const Stmt& s) {
  if (!s) return 0;
  const std::size_t seed = 0x5700 + static_cast<std::size_t>(s->kind());
  switch (s->kind()) {
#define TF_STMT_NODE(Name) \
  case StmtKind::Name:     \
    return fields_hash(seed, static_cast<const Name&>(*s).structural_fields());
#include "ir/tir/stmt_nodes.def"
  }
  TF_UNREACHABLE("bad StmtKind");
}

}  // namespace tf::tir
