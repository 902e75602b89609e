#include "ir/numerics/cast_mode.h"

#include <gtest/gtest.h>

#include <string>

namespace tf::numerics {
namespace {

const CastMode kRnSat{Rounding::NearestEven, true};
const CastMode kRnNoSat{Rounding::NearestEven, false};
const CastMode kRzSat{Rounding::TowardZero, true};
const CastMode kRzNoSat{Rounding::TowardZero, false};
const CastMode kRpSat{Rounding::TowardPosInf, true};
const CastMode kRpNoSat{Rounding::TowardPosInf, false};

TEST(CastMode, RoundingNamesRoundTrip) {
  for (Rounding r : {Rounding::NearestEven, Rounding::TowardZero, Rounding::TowardPosInf})
    EXPECT_EQ(rounding_from_name(rounding_name(r)), r);
  EXPECT_STREQ(rounding_name(Rounding::NearestEven), "rn");
  EXPECT_STREQ(rounding_name(Rounding::TowardZero), "rz");
  EXPECT_STREQ(rounding_name(Rounding::TowardPosInf), "rp");
  EXPECT_EQ(rounding_from_name("rd"), std::nullopt);
  EXPECT_EQ(rounding_from_name("RN"), std::nullopt);
  EXPECT_EQ(rounding_from_name(""), std::nullopt);
}

TEST(CastMode, DefaultsAreWhatACudaStaticCastComputes) {
  EXPECT_EQ(default_cast_mode(DType::fp8e4m3()), kRnSat);
  EXPECT_EQ(default_cast_mode(DType::fp8e5m2()), kRnSat);
  EXPECT_EQ(default_cast_mode(DType::f8e8m0()), kRpSat);
  EXPECT_EQ(default_cast_mode(DType::f6e3m2()), kRnSat);
  EXPECT_EQ(default_cast_mode(DType::f6e2m3()), kRnSat);
  EXPECT_EQ(default_cast_mode(DType::f4e2m1()), kRnSat);
  EXPECT_EQ(default_cast_mode(DType::f16()), kRnNoSat);
  EXPECT_EQ(default_cast_mode(DType::bf16()), kRnNoSat);
  EXPECT_EQ(default_cast_mode(DType::f32()), kRnNoSat);
  EXPECT_EQ(default_cast_mode(DType::i8()), kRzSat);
  EXPECT_EQ(default_cast_mode(DType::i32()), kRzSat);
  EXPECT_EQ(default_cast_mode(DType::i64()), kRzSat);
  EXPECT_EQ(default_cast_mode(DType::boolean()), kRnSat);
}

TEST(CastMode, EveryDefaultIsOffered) {
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d) {
    SCOPED_TRACE(d->name());
    const CastMode mode = default_cast_mode(*d);
    EXPECT_TRUE(cast_mode_offered(*d, mode));
    Result<CastMode> checked = check_cast_mode(*d, mode);
    ASSERT_TRUE(checked.ok());
    EXPECT_EQ(*checked, mode);
  }
}

struct Offer {
  DType target;
  bool rn_sat, rn_nosat, rz_sat, rz_nosat, rp_sat, rp_nosat;
};

TEST(CastMode, OfferedModesPerTarget) {
  const Offer offers[] = {
      {DType::fp8e4m3(), true, true, false, false, false, false},
      {DType::fp8e5m2(), true, true, false, false, false, false},
      {DType::f8e8m0(), false, false, true, true, true, true},
      {DType::f6e3m2(), true, false, true, false, false, false},
      {DType::f6e2m3(), true, false, true, false, false, false},
      {DType::f4e2m1(), true, false, true, false, false, false},
      {DType::f16(), true, true, false, false, false, false},
      {DType::bf16(), true, true, false, false, false, false},
      {DType::f32(), true, true, false, false, false, false},
      {DType::i8(), false, false, true, false, false, false},
      {DType::i32(), false, false, true, false, false, false},
      {DType::i64(), false, false, true, false, false, false},
      {DType::boolean(), true, true, true, true, true, true},
  };
  for (const Offer& o : offers) {
    SCOPED_TRACE(o.target.name());
    EXPECT_EQ(check_cast_mode(o.target, kRnSat).ok(), o.rn_sat);
    EXPECT_EQ(check_cast_mode(o.target, kRnNoSat).ok(), o.rn_nosat);
    EXPECT_EQ(check_cast_mode(o.target, kRzSat).ok(), o.rz_sat);
    EXPECT_EQ(check_cast_mode(o.target, kRzNoSat).ok(), o.rz_nosat);
    EXPECT_EQ(check_cast_mode(o.target, kRpSat).ok(), o.rp_sat);
    EXPECT_EQ(check_cast_mode(o.target, kRpNoSat).ok(), o.rp_nosat);
    EXPECT_EQ(cast_mode_offered(o.target, kRpSat), o.rp_sat);
    EXPECT_EQ(cast_mode_offered(o.target, kRnNoSat), o.rn_nosat);
  }
}

std::string full_text(const Diagnostic& d) {
  std::string text = d.message;
  for (const std::string& note : d.notes) text += "\n" + note;
  return text;
}

TEST(CastMode, RejectionIsAUsageDiagnosticListingTheOfferedModes) {
  Result<CastMode> rp = check_cast_mode(DType::fp8e4m3(), kRpSat);
  ASSERT_FALSE(rp.ok());
  ASSERT_EQ(rp.diagnostics().size(), 1u);
  const Diagnostic& d = rp.diagnostics()[0];
  EXPECT_EQ(d.severity, Severity::Error);
  EXPECT_EQ(d.category, DiagCategory::Usage);
  EXPECT_EQ(d.message, "cast to fp8e4m3 does not offer rounding=rp saturate=true");
  EXPECT_EQ(full_text(d).find("rounding rn with saturate true or false") != std::string::npos,
            true)
      << full_text(d);

  Result<CastMode> nosat = check_cast_mode(DType::f4e2m1(), kRnNoSat);
  ASSERT_FALSE(nosat.ok());
  EXPECT_NE(full_text(nosat.diagnostics()[0]).find("rounding rn or rz with saturate true only"),
            std::string::npos)
      << full_text(nosat.diagnostics()[0]);

  Result<CastMode> rn = check_cast_mode(DType::f8e8m0(), kRnSat);
  ASSERT_FALSE(rn.ok());
  EXPECT_NE(full_text(rn.diagnostics()[0]).find("rounding rz or rp with saturate true or false"),
            std::string::npos)
      << full_text(rn.diagnostics()[0]);

  Result<CastMode> int_rn = check_cast_mode(DType::i32(), kRnSat);
  ASSERT_FALSE(int_rn.ok());
  EXPECT_NE(full_text(int_rn.diagnostics()[0]).find("rounding rz with saturate true only"),
            std::string::npos);
}

TEST(CastMode, InvalidTargetIsRejectedNotACrash) {
  Result<CastMode> r = check_cast_mode(DType(), kRnSat);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_FALSE(cast_mode_offered(DType(), kRnSat));
  EXPECT_THROW((void)default_cast_mode(DType()), InternalError);
}

// covers: TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported
TEST(CastMode, EvaluatorRefusesPlainF4e2m1Targets) {
  std::optional<Diagnostic> d = eval_cast_target_error(DType::f4e2m1());
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->severity, Severity::Error);
  EXPECT_EQ(d->rule_id, "TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported");
  EXPECT_NE(d->message.find("unsupported dtype"), std::string::npos);
  EXPECT_NE(d->message.find("f4e2m1"), std::string::npos);
  for (const DType* t = simple_dtypes_begin(); t != simple_dtypes_end(); ++t) {
    if (*t == DType::f4e2m1()) continue;
    EXPECT_EQ(eval_cast_target_error(*t), std::nullopt) << t->name();
  }
}

}  // namespace
}  // namespace tf::numerics
