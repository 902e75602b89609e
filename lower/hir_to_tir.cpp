#include "lower/hir_to_tir.h"

#include <fmt/format.h>

#include <set>

#include "ir/core/constant.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/hir/function.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"
#include "ir/type/tuple_type.h"
#include "lower/lower_rules.h"

namespace tf::lower {

const Mesh& serial_mesh() {
  static const Mesh* mesh = [] {
    Result<Topology> cta = Topology::make("cta", 1), thread = Topology::make("thread", 1);
    Result<Mesh> m = Mesh::make({*cta, *thread}, Layout::make_known_valid(IntTuple::tuple({1, 1}), IntTuple::tuple({1, 1})),
                                {"c", "t"});
    TF_CHECK(m.ok(), "the serial mesh is well formed");
    return new Mesh(*m);
  }();
  return *mesh;
}

namespace {

constexpr const char* kSerialMeshName = "lower_serial";

// The returned values of a body: the elements of a returned Tuple, one TupleGetItem per field of
// another tuple-typed body (a loop with several carries), else the body itself.
Result<std::vector<Expr>> returned_values(const hir::Function& fn) {
  if (const Tuple* t = fn.body()->as<Tuple>()) return t->elements;
  if (const auto* tt = fn.body()->type()->as<TupleType>()) {
    std::vector<Expr> out;
    for (std::size_t i = 0; i < tt->fields.size(); ++i) {
      Result<Ref<const TupleGetItem>> item = TupleGetItem::make(fn.body(), static_cast<std::int64_t>(i));
      TF_TRY(item);
      out.push_back(Expr(*item));
    }
    return out;
  }
  return std::vector<Expr>{fn.body()};
}

// `out` for one output, `out0`, `out1`, ... for several; a name a parameter has gets `_`.
std::vector<std::string> output_names(const hir::Function& fn, std::size_t count) {
  std::set<std::string> taken;
  for (const VarRef& p : fn.params()) taken.insert(p->name);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = count == 1 ? "out" : fmt::format("out{}", i);
    while (taken.count(name) != 0) name += "_";
    taken.insert(name);
    out.push_back(name);
  }
  return out;
}

// A module-unique name starting with `base`.
std::string unique_function_name(const Module& module, const std::set<std::string>& made, const std::string& base) {
  std::string name = base;
  for (int n = 1; module.find(name) != nullptr || module.find_declaration(name) != nullptr || made.count(name) != 0; ++n)
    name = fmt::format("{}_{}", base, n);
  return name;
}

Result<Expr> int_literal(std::int64_t v) {
  Result<TensorTypeRef> type = TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem);
  TF_TRY(type);
  Result<ConstantRef> c = Constant::make(v, IRType(*type));
  TF_TRY(c);
  return Expr(*c);
}

struct Lowered {
  Ref<const tir::PrimFunction> kernel;
  Ref<const tir::PrimFunction> host;
};

Result<Lowered> lower_function(const Module& module, const hir::Function& fn, const std::string& kernel_name,
                               const Context& ctx) {
  LoweringContext lc(ctx, module, fn);
  Result<std::vector<Expr>> returned = returned_values(fn);
  TF_TRY(returned);
  const std::vector<Expr>& results = *returned;
  const std::vector<std::string> out_names = output_names(fn, results.size());
  std::vector<VarRef> outputs;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto* type = results[i]->type()->as<TensorType>();
    if (type == nullptr) return lc.refusal(*results[i], "the returned value", "it is not a tensor");
    Result<TensorTypeRef> plain = TensorType::make(type->shape, type->dtype, std::nullopt, StorageKind::Gmem);
    TF_TRY(plain);
    Result<VarRef> out = Var::make(out_names[i], IRType(*plain));
    TF_TRY(out);
    outputs.push_back(*out);
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    Result<Expr> v = lower_value(lc, results[i]);
    TF_TRY(v);
    Result<bool> copied = lc.emit("tir.memory.Copy", {*v, Expr(outputs[i])});
    TF_TRY(copied);
  }
  Result<tir::SequentialRef> inner = lc.fold();
  TF_TRY(inner);
  Result<tir::MeshScopeRef> scope = tir::MeshScope::make(serial_mesh(), tir::mesh_binding("p"), *inner);
  TF_TRY(scope);
  Result<tir::SequentialRef> kernel_body = tir::Sequential::make({*scope});
  TF_TRY(kernel_body);
  std::vector<VarRef> kernel_params = fn.params();
  kernel_params.insert(kernel_params.end(), outputs.begin(), outputs.end());
  const auto output_count = static_cast<std::int64_t>(outputs.size());
  Result<Ref<const tir::PrimFunction>> kernel =
      tir::PrimFunction::make(kernel_name, kernel_params, *kernel_body, output_count, tir::Target::Cuda);
  TF_TRY(kernel);

  // The host entry: fresh Vars of the same names and types, one Launch of the kernel.
  std::vector<VarRef> host_params;
  std::vector<Expr> launch_args;
  Result<Ref<const SymbolRef>> callee = SymbolRef::to(**kernel);
  TF_TRY(callee);
  launch_args.push_back(Expr(*callee));
  for (int i = 0; i < 6; ++i) {  // grid (1, 1, 1), block (1, 1, 1): the serial mesh
    Result<Expr> one = int_literal(1);
    TF_TRY(one);
    launch_args.push_back(*one);
  }
  for (const VarRef& p : kernel_params) {
    Result<VarRef> h = Var::make(p->name, p->type());
    TF_TRY(h);
    host_params.push_back(*h);
    launch_args.push_back(Expr(*h));
  }
  Result<Expr> launch = lc.call("tir.Launch", std::move(launch_args));
  TF_TRY(launch);
  Result<Ref<const tir::Evaluate>> stmt = tir::Evaluate::make_op(CallRef((*launch)->as<Call>()));
  TF_TRY(stmt);
  Result<tir::SequentialRef> host_body = tir::Sequential::make({*stmt});
  TF_TRY(host_body);
  Result<Ref<const tir::PrimFunction>> host =
      tir::PrimFunction::make(fn.name(), host_params, *host_body, output_count, tir::Target::Host);
  TF_TRY(host);
  return Lowered{*kernel, *host};
}

}  // namespace

Result<ModuleRef> HirToTirPass::run(const ModuleRef& module, const Context& ctx) const {
  std::vector<FunctionRef> functions;
  std::vector<Diagnostic> refused;
  std::set<std::string> made;
  bool changed = false;
  for (const FunctionRef& f : module->functions()) {
    const auto* fn = dynamic_cast<const hir::Function*>(f.get());
    if (fn == nullptr) {
      functions.push_back(f);
      continue;
    }
    changed = true;
    if (fn->is_prototype() || fn->is_variant()) {
      refused.push_back(category_error(
          DiagCategory::Usage, fmt::format("cannot lower @{} to TIR: dispatch prototypes and their variants have no lowering rule yet", fn->name())));
      continue;
    }
    const std::string kernel_name = unique_function_name(*module, made, fn->name() + "_kernel");
    made.insert(kernel_name);
    Result<Lowered> l = lower_function(*module, *fn, kernel_name, ctx);
    if (!l.ok()) {
      for (const Diagnostic& d : l.diagnostics()) refused.push_back(d);
      continue;
    }
    functions.push_back(FunctionRef(l->kernel.get()));
    functions.push_back(FunctionRef(l->host.get()));
  }
  if (!refused.empty()) return refused;
  if (!changed) return module;
  std::vector<ModuleDecl> declarations = module->declarations();
  bool declared = false;
  for (const ModuleDecl& d : declarations)
    if (const Mesh* m = std::get_if<Mesh>(&d.value); m != nullptr && *m == serial_mesh()) declared = true;
  if (!declared && module->find_declaration(kSerialMeshName) == nullptr && module->find(kSerialMeshName) == nullptr)
    declarations.push_back(ModuleDecl{kSerialMeshName, serial_mesh()});
  return Module::make(module->name(), std::move(functions), std::move(declarations), module->entry());
}

}  // namespace tf::lower
