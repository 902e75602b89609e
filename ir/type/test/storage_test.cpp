// StorageKind and resolve_storage (seed 000, "StorageKind and resolve_storage"). This file
// includes only ir/type/storage.h from the type system and no target code.
#include "ir/type/storage.h"

#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <type_traits>

#include "ir/dtype/dtype.h"

namespace tf {
namespace {

using Resolved = Result<std::optional<StorageKind>>;

std::string rule_of(const Resolved& r) {
  return r.ok() ? "" : r.diagnostics()[0].rule_id;
}

// covers: TYPES.2.STORAGE.intenum, TYPES.2.STORAGE.owned-by-types,
// TYPES.2.STORAGE.closed-vocabulary
TEST(StorageKind, IsAClosedIntEnumOfSixMembers) {
  // C++ meaning of IntEnum: a scoped enum whose members convert to the seed's integers.
  static_assert(std::is_enum_v<StorageKind>);
  static_assert(static_cast<int>(StorageKind::Smem) == 3);
  EXPECT_EQ(std::size(kAllStorageKinds), 6u);
  int expected = 1;
  for (StorageKind k : kAllStorageKinds) {
    EXPECT_EQ(static_cast<int>(k), expected++);
    EXPECT_TRUE(is_valid_storage(k));
  }
  EXPECT_LT(StorageKind::Host, StorageKind::Umat);  // compares as its integer
  // Nothing outside the six is a member; there is no registration API to add one.
  EXPECT_FALSE(is_valid_storage(static_cast<StorageKind>(0)));
  EXPECT_FALSE(is_valid_storage(static_cast<StorageKind>(7)));
  EXPECT_THROW(to_string(static_cast<StorageKind>(7)), InternalError);
}

// covers: TYPES.2.STORAGE.host-1
TEST(StorageKind, Host) {
  EXPECT_EQ(static_cast<int>(StorageKind::Host), 1);
  EXPECT_EQ(to_string(StorageKind::Host), "host");
}
// covers: TYPES.2.STORAGE.gmem-2
TEST(StorageKind, Gmem) {
  EXPECT_EQ(static_cast<int>(StorageKind::Gmem), 2);
  EXPECT_EQ(to_string(StorageKind::Gmem), "gmem");
}
// covers: TYPES.2.STORAGE.smem-3
TEST(StorageKind, Smem) {
  EXPECT_EQ(static_cast<int>(StorageKind::Smem), 3);
  EXPECT_EQ(to_string(StorageKind::Smem), "smem");
}
// covers: TYPES.2.STORAGE.rmem-4
TEST(StorageKind, Rmem) {
  EXPECT_EQ(static_cast<int>(StorageKind::Rmem), 4);
  EXPECT_EQ(to_string(StorageKind::Rmem), "rmem");
}
// covers: TYPES.2.STORAGE.tmem-5
TEST(StorageKind, Tmem) {
  EXPECT_EQ(static_cast<int>(StorageKind::Tmem), 5);
  EXPECT_EQ(to_string(StorageKind::Tmem), "tmem");
}
// covers: TYPES.2.STORAGE.umat-6
TEST(StorageKind, Umat) {
  EXPECT_EQ(static_cast<int>(StorageKind::Umat), 6);
  EXPECT_EQ(to_string(StorageKind::Umat), "umat");
}

// covers: TYPES.2.STORAGE.concrete-levels, TYPES.2.STORAGE.umat-unmaterialized
TEST(StorageKind, ConcreteLevelsExcludeUmatAndNone) {
  for (StorageKind k : {StorageKind::Host, StorageKind::Gmem, StorageKind::Smem, StorageKind::Rmem,
                        StorageKind::Tmem})
    EXPECT_TRUE(is_concrete_storage(k)) << to_string(k);
  EXPECT_FALSE(is_concrete_storage(StorageKind::Umat));
  EXPECT_FALSE(is_concrete_storage(std::nullopt));
}

// covers: TYPES.2.STORAGE.resolve-none
TEST(ResolveStorage, PassesNoneThrough) {
  Resolved r = resolve_storage(std::nullopt);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->has_value());
  EXPECT_FALSE(resolve_storage(std::optional<StorageKind>()).value().has_value());
}

// covers: TYPES.2.STORAGE.resolve-instance
TEST(ResolveStorage, PassesAStorageKindThroughUmatIncluded) {
  EXPECT_EQ(resolve_storage(StorageKind::Smem).value(), StorageKind::Smem);
  EXPECT_EQ(resolve_storage(StorageKind::Umat).value(), StorageKind::Umat);
  EXPECT_EQ(resolve_storage(std::optional<StorageKind>(StorageKind::Umat)).value(),
            StorageKind::Umat);
}

// covers: TYPES.2.STORAGE.resolve-canonical-strings
TEST(ResolveStorage, AcceptsTheFiveCanonicalStrings) {
  EXPECT_EQ(resolve_storage("host").value(), StorageKind::Host);
  EXPECT_EQ(resolve_storage("gmem").value(), StorageKind::Gmem);
  EXPECT_EQ(resolve_storage("smem").value(), StorageKind::Smem);
  EXPECT_EQ(resolve_storage("rmem").value(), StorageKind::Rmem);
  EXPECT_EQ(resolve_storage(std::string("tmem")).value(), StorageKind::Tmem);
}

// covers: TYPES.2.STORAGE.resolve-rejects-other-strings
TEST(ResolveStorage, RejectsOtherStrings) {
  for (const char* s : {"GMEM", "global", "shared", "", " gmem", "None"})
    EXPECT_EQ(rule_of(resolve_storage(s)), "TYPES.2.STORAGE.resolve-rejects-other-strings") << s;
  EXPECT_EQ(resolve_storage("global").diagnostics()[0].message,
            "unknown storage 'global'; expected one of host, gmem, smem, rmem, tmem");
}

// covers: TYPES.2.STORAGE.umat-not-surface
TEST(ResolveStorage, RefusesUmatAsASurfaceString) {
  Resolved r = resolve_storage("umat");
  EXPECT_EQ(rule_of(r), "TYPES.2.STORAGE.umat-not-surface");
  EXPECT_EQ(r.diagnostics()[0].message,
            "storage 'umat' is IR-internal (an unmaterialized value) and is not a surface "
            "storage; expected one of host, gmem, smem, rmem, tmem");
}

template <typename T>
concept Resolvable = requires(T v) {
  resolve_storage(v);
};

// covers: TYPES.2.STORAGE.resolve-rejects-non-storage
TEST(ResolveStorage, RejectsNonStorageValues) {
  // C++ meaning: an int, a double or a DType is not a storage specification, so the call does
  // not compile (no integer-to-StorageKind coercion). The accepted forms do.
  static_assert(!Resolvable<int>);
  static_assert(!Resolvable<long>);
  static_assert(!Resolvable<double>);
  static_assert(!Resolvable<bool>);
  static_assert(!Resolvable<DType>);
  static_assert(Resolvable<const char*>);
  static_assert(Resolvable<std::string>);
  static_assert(Resolvable<StorageKind>);
  static_assert(Resolvable<std::nullopt_t>);
  // A StorageKind value outside the members (reachable only through a cast) is refused.
  EXPECT_EQ(rule_of(resolve_storage(static_cast<StorageKind>(2))), "");
  EXPECT_EQ(rule_of(resolve_storage(static_cast<StorageKind>(7))), "TYPES.2.STORAGE.field-domain");
}

// covers: TYPES.2.STORAGE.no-capability-validation
TEST(ResolveStorage, PerformsNoTargetCapabilityValidation) {
  // No target is configured or consulted: tmem resolves on any build, and the function takes
  // nothing but the specification.
  static_assert(
      std::is_same_v<decltype(&static_cast<Resolved (&)(std::string_view)>(resolve_storage)),
                     Resolved (*)(std::string_view)>);
  EXPECT_EQ(resolve_storage("tmem").value(), StorageKind::Tmem);
}

// covers: TYPES.2.STORAGE.closed-vocabulary
TEST(StorageKind, TheVocabularyIsExactlySixMembersWithNoRegistration) {
  // The member set is fixed at compile time: exactly the six of the seed, in value order. There
  // is no registration entry point (StorageKind is an enum class and resolve_storage accepts
  // nothing but the five surface strings), so a target cannot add one.
  static_assert(std::size(kAllStorageKinds) == 6);
  static_assert(std::is_enum_v<StorageKind> && !std::is_convertible_v<StorageKind, int>);
  for (std::size_t i = 0; i < std::size(kAllStorageKinds); ++i)
    EXPECT_EQ(static_cast<int>(kAllStorageKinds[i]), static_cast<int>(i) + 1);
  for (const char* target_specific : {"shared", "global", "local", "tmem2", "cuda_smem"})
    EXPECT_FALSE(resolve_storage(target_specific).ok()) << target_specific;
}

}  // namespace
}  // namespace tf
