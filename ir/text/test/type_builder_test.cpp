// The type fragments of docs/tfir.md section 3 build exactly the types they spell, dim arithmetic
// folds through simplify_dim, and bad dtypes, storages and names fail at their position with
// the type system's rule ids.
#include <gtest/gtest.h>

#include "ir/dim/dim_const.h"
#include "ir/text/expression_parser.h"
#include "ir/text/module_reader.h"
#include "ir/text/type_builder.h"
#include "ir/type/callable_type.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf::text {
namespace {

// The declarations of docs/tfir.md section 2 (without entry and atom), as the environment.
const ParsedFile& section2() {
  static const ParsedFile file = [] {
    Result<ParsedFile> r = read_tfir(R"(tfir 1
dim N = DimVar("N", 1, 4097)
mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))
layout Lr = ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta1)
)", "decls.tfir");
    TF_CHECK(r.ok(), "section 2 declarations: {}", r.diagnostics()[0].render());
    return std::move(r).value();
  }();
  return file;
}

Result<IRType> type_of(const std::string& text) {
  Result<Syntax> syntax = parse_expression(text, "t.tfir");
  if (!syntax) return syntax.diagnostics();
  return build_type(**syntax, section2().environment);
}

const TensorType& tensor_of(const std::string& text) {
  static std::vector<IRType> keep;  // the nodes outlive the returned references
  Result<IRType> t = type_of(text);
  TF_CHECK(t.ok(), "{}: {}", text, t.diagnostics()[0].render());
  keep.push_back(*t);
  TF_CHECK((*t)->is<TensorType>(), "{} is not a tensor type", text);
  return *(*t)->as<TensorType>();
}

Diagnostic only_error(const Result<IRType>& r) {
  TF_CHECK(!r.ok(), "expected an error");
  TF_CHECK(r.diagnostics().size() == 1, "expected one diagnostic, got {}", r.diagnostics().size());
  return r.diagnostics()[0];
}

DimVarRef n_var() { return DimVar::make("N", 1, 4097).value(); }

TEST(TypeBuilder, TensorDefaultsToGmemStorageAndNoLayout) {
  const TensorType& t = tensor_of("Tensor[(16, 8), f32]");
  ASSERT_EQ(t.shape.size(), 2u);
  EXPECT_TRUE(t.shape[0].is_static());
  EXPECT_EQ(t.shape[0].value(), 16);
  EXPECT_EQ(t.shape[1].value(), 8);
  EXPECT_EQ(t.dtype, DType::f32());
  EXPECT_FALSE(t.layout.has_value());
  EXPECT_EQ(t.storage, StorageKind::Gmem);
}

// covers: TYPES.2.STORAGE.resolve-canonical-strings
TEST(TypeBuilder, TensorWithDeclaredDimAndStorage) {
  const TensorType& t = tensor_of("Tensor[(N, 8), bf16, storage=smem]");
  ASSERT_EQ(t.shape.size(), 2u);
  ASSERT_NE(t.shape[0].dim_var(), nullptr);
  EXPECT_EQ(t.shape[0].dim_var(), n_var().get());  // the canonical DimVar of the declaration
  EXPECT_EQ(t.shape[1].value(), 8);
  EXPECT_EQ(t.dtype, DType::bf16());
  EXPECT_FALSE(t.layout.has_value());
  EXPECT_EQ(t.storage, StorageKind::Smem);
  EXPECT_EQ(tensor_of("Tensor[(4,), f32, storage=host]").storage, StorageKind::Host);
  EXPECT_EQ(tensor_of("Tensor[(4,), f32, storage=gmem]").storage, StorageKind::Gmem);
  EXPECT_EQ(tensor_of("Tensor[(4,), f32, storage=rmem]").storage, StorageKind::Rmem);
  EXPECT_EQ(tensor_of("Tensor[(4,), f32, storage=\"tmem\"]").storage, StorageKind::Tmem);
}

TEST(TypeBuilder, TensorWithDeclaredShardLayout) {
  const TensorType& t = tensor_of("Tensor[(128, 12), f32, layout=Lr, storage=rmem]");
  const LayoutValue* lr = section2().environment.layouts().find("Lr");
  ASSERT_NE(lr, nullptr);
  ASSERT_TRUE(t.layout.has_value());
  ASSERT_TRUE(t.layout->is_shard());
  EXPECT_EQ(*t.layout->as_shard(), std::get<ShardLayout>(*lr));
  EXPECT_EQ(t.storage, StorageKind::Rmem);
  EXPECT_EQ(t.dtype, DType::f32());
  // An inline layout builds the same way.
  const TensorType& inline_layout = tensor_of("Tensor[(4, 8), f32, layout=Layout((4, 8), (8, 1))]");
  ASSERT_TRUE(inline_layout.layout.has_value());
  EXPECT_EQ(*inline_layout.layout, LayoutBase(Layout::make(IntTuple::tuple({IntTuple(4), IntTuple(8)}),
                                                           IntTuple::tuple({IntTuple(8), IntTuple(1)}))
                                                  .value()));
}

// covers: TYPES.2.STORAGE.resolve-none
TEST(TypeBuilder, RankZeroStorageNoneIsTheMetaScalar) {
  const TensorType& t = tensor_of("Tensor[(), i64, storage=None]");
  EXPECT_TRUE(t.shape.empty());
  EXPECT_EQ(t.dtype, DType::i64());
  EXPECT_FALSE(t.storage.has_value());
  ASSERT_TRUE(t.layout.has_value());
  EXPECT_EQ(*t.layout, empty_layout());
  EXPECT_TRUE(t.is_shape_element());
  // Omitted storage is gmem at every rank, rank 0 included: None is written explicitly.
  EXPECT_EQ(tensor_of("Tensor[(), i64]").storage, StorageKind::Gmem);
  EXPECT_EQ(tensor_of("Tensor[(), f32, storage=rmem]").storage, StorageKind::Rmem);
  // None is printed where it is not the default.
  EXPECT_FALSE(tensor_of("Tensor[(4,), f32, storage=None]").storage.has_value());
}

TEST(TypeBuilder, BlockScaledDType) {
  const TensorType& t = tensor_of("Tensor[(64, 128), MXFP4]");
  EXPECT_EQ(t.dtype, DType::mxfp4());
  EXPECT_EQ(t.shape[0].value(), 64);
  EXPECT_EQ(t.shape[1].value(), 128);
  EXPECT_EQ(t.storage, StorageKind::Gmem);
  EXPECT_EQ(tensor_of("Tensor[(1, 32), NVFP4]").dtype, DType::nvfp4());
}

// covers: TYPES.3.DTYPE.string-surfaces-use-from-name, TYPES.3.DTYPE.from-name-resolves
TEST(TypeBuilder, DTypesResolveThroughFromNameBareOrQuoted) {
  const char* names[] = {"f32", "f16", "bf16", "fp8e4m3", "fp8e5m2", "f8e8m0", "f6e3m2", "f6e2m3",
                         "f4e2m1", "i8", "i32", "i64", "bool", "MXFP8_E4M3", "MXFP8_E5M2",
                         "MXFP6_E3M2", "MXFP6_E2M3", "MXFP4", "MXINT8", "NVFP4"};
  for (const char* name : names) {
    SCOPED_TRACE(name);
    const DType expected = DType::from_name(name).value();
    EXPECT_EQ(tensor_of(fmt::format("Tensor[(2, 32), {}]", name)).dtype, expected);
    EXPECT_EQ(tensor_of(fmt::format("Tensor[(2, 32), \"{}\"]", name)).dtype, expected);
  }
}

TEST(TypeBuilder, TupleUnitAndCallable) {
  Result<IRType> tuple = type_of("Tuple[Tensor[(4,), f32], Tensor[(4,), i64]]");
  ASSERT_TRUE(tuple.ok());
  const TupleType* tt = (*tuple)->as<TupleType>();
  ASSERT_NE(tt, nullptr);
  ASSERT_EQ(tt->fields.size(), 2u);
  EXPECT_EQ(tt->fields[0]->as<TensorType>()->dtype, DType::f32());
  EXPECT_EQ(tt->fields[1]->as<TensorType>()->dtype, DType::i64());
  EXPECT_EQ(tt->fields[1]->as<TensorType>()->shape[0].value(), 4);

  Result<IRType> empty = type_of("Tuple[]");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE((*empty)->as<TupleType>()->fields.empty());

  Result<IRType> unit = type_of("Unit");
  ASSERT_TRUE(unit.ok());
  EXPECT_EQ((*unit)->kind(), TypeKind::UnitType);

  Result<IRType> callable = type_of("Callable[(Tensor[(4,), f32]) -> Unit]");
  ASSERT_TRUE(callable.ok());
  const CallableType* c = (*callable)->as<CallableType>();
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(c->parameters.size(), 1u);
  EXPECT_EQ(c->parameters[0]->as<TensorType>()->shape[0].value(), 4);
  EXPECT_EQ(c->return_type->kind(), TypeKind::UnitType);

  Result<IRType> two = type_of("Callable[(Unit, Tuple[]) -> Callable[() -> Unit]]");
  ASSERT_TRUE(two.ok());
  const CallableType* c2 = (*two)->as<CallableType>();
  ASSERT_EQ(c2->parameters.size(), 2u);
  EXPECT_EQ(c2->parameters[0]->kind(), TypeKind::UnitType);
  EXPECT_EQ(c2->parameters[1]->kind(), TypeKind::TupleType);
  EXPECT_TRUE(c2->return_type->as<CallableType>()->parameters.empty());
}

TEST(TypeBuilder, DimArithmeticFoldsAndKeepsSymbolicCalls) {
  const TensorType& folded = tensor_of("Tensor[(3 + 4, 2 * (5 - 1), 7 // 2, 7 % 4, min(3, 9), max(3, 9)), f32]");
  std::vector<std::int64_t> extents;
  for (const ShapeDim& d : folded.shape) {
    ASSERT_TRUE(d.is_static());
    extents.push_back(d.value());
  }
  EXPECT_EQ(extents, (std::vector<std::int64_t>{7, 8, 3, 3, 3, 9}));
  const TensorType& symbolic = tensor_of("Tensor[(N + 1, (N - 1) * 2, N // 4, min(N, 8), max(N, 3) % 5), f32]");
  for (const ShapeDim& d : symbolic.shape) EXPECT_FALSE(d.is_static());
  EXPECT_EQ(to_string(symbolic.shape[0]), "N + 1");
  EXPECT_EQ(to_string(symbolic.shape[1]), "(N - 1) * 2");
  EXPECT_EQ(to_string(symbolic.shape[2]), "N // 4");
  EXPECT_EQ(to_string(symbolic.shape[3]), "min(N, 8)");
  EXPECT_EQ(to_string(symbolic.shape[4]), "max(N, 3) % 5");
}

TEST(TypeBuilder, PrintedTypesReadBackToTheSameText) {
  const char* canonical[] = {
      "Tensor[(16, 8), f32]",
      "Tensor[(N, 8), bf16, storage=smem]",
      "Tensor[(), i64]",
      "Tensor[(), f32, storage=rmem]",
      "Tensor[(4,), f32, storage=None]",
      "Tensor[(4,), f32, storage=umat]",
      "Tensor[(64, 128), MXFP4]",
      "Tensor[(N + 1, N - (-3), (N - 1) * 2, N // (4 * N)), i32]",
      "Tensor[(4, 8), f32, layout=Layout((4, 8), (8, 1))]",
      "Tensor[(128, 12), f32, layout=ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), "
      "mesh=Mesh((Topology(\"cta\", 128),), Layout((128,), (1,)))), storage=rmem]",
      "Tuple[Tensor[(4,), f32], Tensor[(4,), i64]]",
      "Tuple[]",
      "Unit",
      "Callable[(Tensor[(4,), f32]) -> Unit]",
      "Callable[() -> Tuple[Unit, Unit]]",
  };
  for (const char* text : canonical) {
    Result<IRType> t = type_of(text);
    ASSERT_TRUE(t.ok()) << text << ": " << t.diagnostics()[0].render();
    EXPECT_EQ(to_string(*t), text);
  }
}

// covers: TYPES.3.DTYPE.from-name-rejects-unknown, TYPES.3.DTYPE.from-name-lists-valid-set
TEST(TypeBuilderErrors, UnknownDTypeListsTheValidSetAtTheDTypeNode) {
  for (const char* spelling : {"float32", "\"float32\""}) {
    const Diagnostic& d = only_error(type_of(fmt::format("Tensor[(4,), {}]", spelling)));
    EXPECT_EQ(d.rule_id, "TYPES.3.DTYPE.from-name-rejects-unknown");
    EXPECT_EQ(d.location.str(), "t.tfir:1:14");
    for (const char* valid : {"f32", "bf16", "fp8e4m3", "f8e8m0", "f4e2m1", "i32", "i64", "bool", "MXFP4", "NVFP4"})
      EXPECT_NE(d.message.find(valid), std::string::npos) << valid << " missing from: " << d.message;
  }
  // Seed 003 spellings are not aliases at the string surface (D1).
  EXPECT_EQ(only_error(type_of("Tensor[(4,), E4M3]")).rule_id, "TYPES.3.DTYPE.from-name-rejects-unknown");
  EXPECT_EQ(only_error(type_of("Tensor[(4,), f8e4m3]")).rule_id, "TYPES.3.DTYPE.from-name-rejects-unknown");
}

// covers: TYPES.2.STORAGE.resolve-rejects-other-strings
TEST(TypeBuilderErrors, UnknownStorageIsRejectedByResolveStorage) {
  for (const char* spelling : {"global", "GMEM", "\"shared\""}) {
    const Diagnostic& d = only_error(type_of(fmt::format("Tensor[(4,), f32, storage={}]", spelling)));
    EXPECT_EQ(d.rule_id, "TYPES.2.STORAGE.resolve-rejects-other-strings") << spelling;
    EXPECT_EQ(d.location.str(), "t.tfir:1:27") << spelling;
  }
}

// covers: TYPES.2.STORAGE.umat-not-surface
TEST(TypeBuilderErrors, QuotedUmatIsNotASurfaceString) {
  const Diagnostic& d = only_error(type_of("Tensor[(4,), f32, storage=\"umat\"]"));
  EXPECT_EQ(d.rule_id, "TYPES.2.STORAGE.umat-not-surface");
  EXPECT_EQ(d.location.str(), "t.tfir:1:27");
  // The bare name is the printer's spelling of an unmaterialized value.
  EXPECT_EQ(tensor_of("Tensor[(4,), f32, storage=umat]").storage, StorageKind::Umat);
}

TEST(TypeBuilderErrors, UndeclaredAndMisusedNamesArePositioned) {
  const Diagnostic& undeclared = only_error(type_of("Tensor[(M, 8), f32]"));
  EXPECT_EQ(undeclared.location.str(), "t.tfir:1:9");
  EXPECT_EQ(undeclared.category, DiagCategory::Parse);
  EXPECT_NE(undeclared.message.find("'M' is not declared"), std::string::npos) << undeclared.message;

  const Diagnostic& mesh_as_dim = only_error(type_of("Tensor[(4, warp + 1), f32]"));
  EXPECT_EQ(mesh_as_dim.location.str(), "t.tfir:1:12");
  EXPECT_NE(mesh_as_dim.message.find("'warp' is a mesh, not a dim"), std::string::npos) << mesh_as_dim.message;

  const Diagnostic& undeclared_layout = only_error(type_of("Tensor[(4,), f32, layout=Lq]"));
  EXPECT_EQ(undeclared_layout.location.str(), "t.tfir:1:26");

  const Diagnostic& mesh_layout = only_error(type_of("Tensor[(4,), f32, layout=warp]"));
  EXPECT_EQ(mesh_layout.location.str(), "t.tfir:1:26");
  EXPECT_NE(mesh_layout.message.find("found a mesh"), std::string::npos) << mesh_layout.message;
}

TEST(TypeBuilderErrors, MalformedTypesArePositioned) {
  struct Case {
    const char* text;
    const char* location;
    const char* message;
  };
  const Case cases[] = {
      {"Tensor[4, f32]", "t.tfir:1:8", "the shape must be a tuple"},
      {"Tensor[(4,)]", "t.tfir:1:7", "takes a shape and a dtype"},
      {"Tensor[(4,), f32, color=red]", "t.tfir:1:25", "no keyword 'color'"},
      {"Tensor[(4,), 3]", "t.tfir:1:14", "expected a dtype name"},
      {"Tensor[(4 < 5,), f32]", "t.tfir:1:11", "is not dim arithmetic"},
      {"Tensor[(-N,), f32]", "t.tfir:1:9", "only an integer literal can be negated"},
      {"Tensor[(ceildiv(N, 2),), f32]", "t.tfir:1:9", "is not a dim function"},
      {"Tensor[(min(N),), f32]", "t.tfir:1:9", "takes exactly two positional arguments"},
      {"Tensor[(99999999999999999999,), f32]", "t.tfir:1:9", "does not fit in 64 bits"},
      {"Float[(4,), f32]", "t.tfir:1:6", "expected a type"},
      {"Callable[(Unit)]", "t.tfir:1:9", "expected Callable[(parameter types) -> result type]"},
      {"Tuple[Unit, storage=gmem]", "t.tfir:1:21", "Tuple[...] takes no keywords"},
  };
  for (const Case& c : cases) {
    const Diagnostic& d = only_error(type_of(c.text));
    EXPECT_EQ(d.location.str(), c.location) << c.text;
    EXPECT_NE(d.message.find(c.message), std::string::npos) << c.text << ": " << d.message;
  }
}

TEST(TypeBuilderErrors, TensorTypeMakeRulesKeepTheirIdsAtTheTensorNode) {
  const Diagnostic& negative = only_error(type_of("Tensor[(4, -1), f32]"));
  EXPECT_EQ(negative.rule_id, "TYPES.2.2.SIZE.reject-negative-extent");
  EXPECT_EQ(negative.location.str(), "t.tfir:1:7");
  const Result<IRType> rank = type_of("Tensor[(4, 4), f32, layout=Layout((16,), (1,))]");
  ASSERT_FALSE(rank.ok());
  EXPECT_EQ(rank.diagnostics()[0].rule_id, "TYPES.2.TENSOR.layout-rank-match");
  EXPECT_EQ(rank.diagnostics()[0].location.str(), "t.tfir:1:7");
}

}  // namespace
}  // namespace tf::text
