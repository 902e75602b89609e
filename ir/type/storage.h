// StorageKind and resolve_storage: the type system's closed vocabulary of abstract tensor
// residency (seed 000, "StorageKind and resolve_storage"; rules TYPES.2.STORAGE.*).
//
// Design note. The seed's StorageKind is a Python IntEnum; its C++ meaning is an enum class
// with the seed's integer values (HOST=1 ... UMAT=6; static_cast<int> gives them) and a
// to_string giving its str() spelling. The set is closed: there is no registration API and no
// target capability validation here (target lowering decides what a target supports).
// `resolve_storage` normalizes a surface storage specification. The Python function takes
// `str | StorageKind | None` and rejects other values at run time; in C++ those three are
// overloads, and every other argument type (an int, a double, a DType) does not compile:
// there is no integer-to-StorageKind coercion (TYPES.2.STORAGE.resolve-rejects-non-storage).
// A StorageKind value outside 1..6 (only reachable through a cast) is rejected at run time
// (TYPES.2.STORAGE.field-domain).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "ir/support/result.h"

namespace tf {

/// Memory-space level (backend-generic). Values are the seed's IntEnum values.
enum class StorageKind : std::uint8_t {
  Host = 1,  ///< str: host
  Gmem = 2,  ///< str: gmem
  Smem = 3,  ///< str: smem
  Rmem = 4,  ///< str: rmem
  Tmem = 5,  ///< str: tmem
  Umat = 6,  ///< str: umat; an unmaterialized (placement-polymorphic) HIR value
};

/// The six members in value order (the whole, closed vocabulary).
inline constexpr StorageKind kAllStorageKinds[] = {StorageKind::Host, StorageKind::Gmem,
                                                   StorageKind::Smem, StorageKind::Rmem,
                                                   StorageKind::Tmem, StorageKind::Umat};

/// True for the six members; false for any other value a cast could produce.
bool is_valid_storage(StorageKind kind);
/// The str() spelling: "host", "gmem", "smem", "rmem", "tmem", "umat".
/// Precondition (TF_CHECK): is_valid_storage(kind).
std::string_view to_string(StorageKind kind);
/// True for a concrete residency (host, gmem, smem, rmem, tmem); false for umat and for None
/// (TYPES.2.STORAGE.concrete-levels).
bool is_concrete_storage(std::optional<StorageKind> storage);

/// The diagnostic of TYPES.2.STORAGE.field-domain for a StorageKind outside the six members,
/// or nothing when `storage` is None or a member.
std::optional<Diagnostic> check_storage_domain(std::optional<StorageKind> storage);

/// A surface storage string: exactly "host", "gmem", "smem", "rmem" or "tmem". "umat" is
/// refused (TYPES.2.STORAGE.umat-not-surface), as is every other string
/// (TYPES.2.STORAGE.resolve-rejects-other-strings); matching is case-sensitive.
Result<std::optional<StorageKind>> resolve_storage(std::string_view surface);
/// A StorageKind passes through unchanged, UMAT included (TYPES.2.STORAGE.resolve-instance);
/// a value outside the six members is rejected (TYPES.2.STORAGE.field-domain).
Result<std::optional<StorageKind>> resolve_storage(StorageKind kind);
/// None passes through (TYPES.2.STORAGE.resolve-none).
Result<std::optional<StorageKind>> resolve_storage(std::nullopt_t);
/// An optional StorageKind: None or the kind, as the two overloads above.
Result<std::optional<StorageKind>> resolve_storage(std::optional<StorageKind> storage);

/// True for what resolve_storage accepts: a string, a StorageKind, None or an optional kind.
template <typename T>
concept StorageSpecification =
    std::convertible_to<T, std::string_view> || std::same_as<std::remove_cvref_t<T>, StorageKind> ||
    std::same_as<std::remove_cvref_t<T>, std::nullopt_t> ||
    std::same_as<std::remove_cvref_t<T>, std::optional<StorageKind>>;
/// Anything else.
template <typename T>
concept NotAStorageSpecification = !StorageSpecification<T>;

/// Every other argument type is not a storage specification: calling resolve_storage with an
/// int, a double, a DType, ... does not compile.
template <NotAStorageSpecification T>
Result<std::optional<StorageKind>> resolve_storage(T&&) = delete;

}  // namespace tf
