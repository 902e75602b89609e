#include "ir/type/storage.h"

#include <fmt/format.h>

namespace tf {

bool is_valid_storage(StorageKind kind) {
  const auto v = static_cast<int>(kind);
  return v >= static_cast<int>(StorageKind::Host) && v <= static_cast<int>(StorageKind::Umat);
}

std::string_view to_string(StorageKind kind) {
  switch (kind) {
    case StorageKind::Host:
      return "host";
    case StorageKind::Gmem:
      return "gmem";
    case StorageKind::Smem:
      return "smem";
    case StorageKind::Rmem:
      return "rmem";
    case StorageKind::Tmem:
      return "tmem";
    case StorageKind::Umat:
      return "umat";
  }
  TF_UNREACHABLE(fmt::format("StorageKind value {} is not a member", static_cast<int>(kind)));
}

bool is_concrete_storage(std::optional<StorageKind> storage) {
  return storage.has_value() && is_valid_storage(*storage) && *storage != StorageKind::Umat;
}

std::optional<Diagnostic> check_storage_domain(std::optional<StorageKind> storage) {
  if (!storage || is_valid_storage(*storage)) return std::nullopt;
  return rule_error("TYPES.2.STORAGE.field-domain",
                    fmt::format("storage value {} is not a StorageKind: expected None or one of "
                                "host=1, gmem=2, smem=3, rmem=4, tmem=5, umat=6",
                                static_cast<int>(*storage)));
}

Result<std::optional<StorageKind>> resolve_storage(std::string_view surface) {
  for (StorageKind kind : kAllStorageKinds) {
    if (kind == StorageKind::Umat || to_string(kind) != surface) continue;
    return std::optional<StorageKind>(kind);
  }
  if (surface == to_string(StorageKind::Umat))
    return rule_error("TYPES.2.STORAGE.umat-not-surface",
                      "storage 'umat' is IR-internal (an unmaterialized value) and is not a "
                      "surface storage; expected one of host, gmem, smem, rmem, tmem");
  return rule_error("TYPES.2.STORAGE.resolve-rejects-other-strings",
                    fmt::format("unknown storage '{}'; expected one of host, gmem, smem, rmem, "
                                "tmem",
                                surface));
}

Result<std::optional<StorageKind>> resolve_storage(StorageKind kind) {
  if (auto d = check_storage_domain(kind)) return *d;
  return std::optional<StorageKind>(kind);
}

Result<std::optional<StorageKind>> resolve_storage(std::nullopt_t) {
  return std::optional<StorageKind>();
}

Result<std::optional<StorageKind>> resolve_storage(std::optional<StorageKind> storage) {
  if (!storage) return resolve_storage(std::nullopt);
  return resolve_storage(*storage);
}

}  // namespace tf
