// TaggedNode<Kind>: the base of every immutable IR node family (expressions, types, patterns).
//
// Design note. Each family lists its node structs once in an X-macro file (expr_nodes.def,
// type_nodes.def, pattern_nodes.def) that generates a `Kind` enum; every node struct T carries
// `static constexpr Kind kKind`. Dispatch is a closed switch on kind(), and is<T>() / as<T>()
// compare the tag instead of using RTTI (as Halide does). Nodes are refcounted, never copied,
// and constructed only by their own checking `make`.
#pragma once

#include "ir/support/ref.h"

namespace tf {

template <typename Kind>
class TaggedNode : public RefCounted {
 public:
  TaggedNode(const TaggedNode&) = delete;
  TaggedNode& operator=(const TaggedNode&) = delete;
  virtual ~TaggedNode() = default;

  /// Which node struct this is.
  Kind kind() const { return kind_; }

  /// True when this node is a T (a node struct of this family).
  template <typename T>
  bool is() const {
    return kind_ == T::kKind;
  }
  /// This node as a T, or nullptr when it is another kind.
  template <typename T>
  const T* as() const {
    return is<T>() ? static_cast<const T*>(this) : nullptr;
  }

 protected:
  explicit TaggedNode(Kind kind) : kind_(kind) {}

 private:
  Kind kind_;
};

}  // namespace tf
