// Stmt: the base of every TIR statement node (seed 002 section 1.1) and its kind list.
//
// Design note. TIR is a tree of statements; expressions appear only inside statement fields
// (LetStmt.value, For.start, Evaluate's arguments). Every statement is one immutable struct
// deriving from StmtNode, created only through its checking `make`, held by an intrusive
// `Ref<const T>`; `Stmt` is the handle to any of them, and StmtNode itself cannot be built
// (its constructor is protected: TIR.1.1.STMT.abstract-base). The kinds are listed once in
// stmt_nodes.def; dispatch is a closed `switch` over StmtKind, and is<T>() / as<T>() test the
// kind tag, exactly as the core does for expressions (ir/core/expr.h).
//
// What a factory checks is construction-level only: non-null fields and the local shape of a
// field (a loop variable is a rank-0 integer, a condition a rank-0 bool or integer). The rules
// that relate one statement to another (fresh Var identity, LetStmt typing, where AllocTensor
// may appear, which meshes are in scope, callee resolution, DispatchCall's table shape, Sync
// legality) are the TIR verifier's: such IR is representable so that the verifier can reject it
// with the rule's id.
//
// `loc` is an optional debug location (TIR.1.1.STMT.loc-default-none). It is not part of
// structural equality or hashing and no rule reads it (TIR.1.1.STMT.loc-not-semantic).
//
// The node structs live in their own headers: sequential.h, binding_stmts.h (LetStmt,
// MeshScope), control_stmts.h (For, While, If), terminators.h (Return, Abort), evaluate.h,
// dispatch_call.h, intrinsic.h and prim_function.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/support/source_location.h"
#include "ir/support/tagged_node.h"

namespace tf::tir {

/// The closed set of statement kinds, one per entry of stmt_nodes.def.
enum class StmtKind : std::uint8_t {
#define TF_STMT_NODE(Name) Name,
#include "ir/tir/stmt_nodes.def"
};

/// The node name of a kind ("Sequential", "LetStmt", "For", ...).
std::string_view stmt_kind_name(StmtKind kind);

/// Base of every TIR statement node: its kind tag and its optional debug location.
class StmtNode : public TaggedNode<StmtKind> {
 public:
  /// The debug location the statement was read from, if any (not load-bearing).
  const std::optional<SourceLocation>& loc() const { return loc_; }

 protected:
  StmtNode(StmtKind kind, std::optional<SourceLocation> loc)
      : TaggedNode(kind), loc_(std::move(loc)) {}

 private:
  std::optional<SourceLocation> loc_;
};

/// The handle through which statements are held and passed.
using Stmt = Ref<const StmtNode>;

/// The optional debug location every factory takes last.
using Loc = std::optional<SourceLocation>;

}  // namespace tf::tir
