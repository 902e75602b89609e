// FieldNames: the names of a node's fields, in the order of its `structural_fields()` tuple.
//
// Design note. Every IR node (expressions, types, patterns, TIR statements) lists its fields
// once, as `structural_fields()` (a std::tie of references) and beside it `kFieldNames` (the
// same fields' names). From the pair come structural equality and hashing, the child walks of
// the visitors and mutators, and the steps of an IR path (`.args[1]`, `.body`), so a new node or
// field is picked up by all of them at once. for_each_named_field checks at compile time that
// the two lists have the same length.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <utility>

namespace tf {

/// The names of a node's N fields.
template <std::size_t N>
using FieldNames = std::array<std::string_view, N>;

/// True when `Node::kFieldNames` names as many fields as `structural_fields()` returns.
template <typename Node>
inline constexpr bool names_every_field =
    std::tuple_size_v<decltype(std::declval<const Node&>().structural_fields())> ==
    Node::kFieldNames.size();

/// Calls `f(name, value)` for each field of `node`, in field order.
template <typename Node, typename F>
void for_each_named_field(const Node& node, F&& f) {
  auto fields = node.structural_fields();
  constexpr std::size_t n = std::tuple_size_v<decltype(fields)>;
  static_assert(names_every_field<Node>, "kFieldNames must name every structural field");
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f(Node::kFieldNames[I], std::get<I>(fields)), ...);
  }(std::make_index_sequence<n>{});
}

}  // namespace tf
