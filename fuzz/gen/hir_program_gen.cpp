#include "fuzz/gen/hir_program_gen.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <ostream>

#include "fuzz/gen/kind_lists.h"
#include "ir/core/math_kinds.h"
#include "ir/core/reduce_kind.h"
#include "ir/support/testing/pick.h"

namespace tf::fuzz {

namespace {

// ---- types ----

struct Extent {
  std::int64_t value = 1;
  std::string dim;  // a declared dim's name when symbolic
  bool operator==(const Extent&) const = default;
  bool is_one() const { return dim.empty() && value == 1; }
};

// A tensor type: shape, dtype, storage (gmem for what derives from a param, umat for scalar
// literals and the induction variable and what derives only from them).
struct TType {
  std::vector<Extent> shape;
  std::string dtype;
  bool umat = false;
  std::string layout;   // a declared ShardLayout's name (the sharded epilogue), or empty
  std::string storage;  // an explicit storage (the sharded epilogue), or empty: the rule above
  bool operator==(const TType&) const = default;
};

// A value in scope: a tensor, or a tuple of tensors.
struct Value {
  std::string spelled;  // how the source refers to it
  bool tuple = false;
  std::vector<TType> fields;  // one for a tensor
  const TType& tensor() const { return fields[0]; }
  bool operator==(const Value&) const = default;
};

const std::vector<std::string> kFloats = {"f32", "f16", "bf16"};
const std::vector<std::string> kInts = {"i32", "i64"};

bool is_float(const std::string& d) { return std::find(kFloats.begin(), kFloats.end(), d) != kFloats.end(); }
bool is_int(const std::string& d) { return std::find(kInts.begin(), kInts.end(), d) != kInts.end(); }

std::string extent_text(const Extent& e) { return e.dim.empty() ? std::to_string(e.value) : e.dim; }

std::string shape_text(const std::vector<Extent>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + extent_text(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// The tfir spelling (docs/tfir.md section 3), with the storage written where one is given; a
// rank-0 gmem value states it although an omitted storage means gmem too (docs/tfir.md section 9).
std::string type_text(const TType& t) {
  std::string s = "Tensor[" + shape_text(t.shape) + ", " + t.dtype;
  if (!t.layout.empty()) s += ", layout=" + t.layout;
  if (!t.storage.empty()) s += ", storage=" + t.storage;
  else if (t.umat) s += ", storage=umat";
  else if (t.shape.empty()) s += ", storage=gmem";
  return s + "]";
}

std::string type_text(const Value& v) {
  if (!v.tuple) return type_text(v.tensor());
  std::string s = "Tuple[";
  for (std::size_t i = 0; i < v.fields.size(); ++i) s += (i ? ", " : "") + type_text(v.fields[i]);
  return s + "]";
}

// The right-aligned broadcast of a and b, if they broadcast (equal extents, or one is 1).
std::optional<std::vector<Extent>> broadcast(const std::vector<Extent>& a, const std::vector<Extent>& b) {
  const std::size_t n = std::max(a.size(), b.size());
  std::vector<Extent> out(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Extent* x = k < a.size() ? &a[a.size() - 1 - k] : nullptr;
    const Extent* y = k < b.size() ? &b[b.size() - 1 - k] : nullptr;
    Extent r;
    if (x == nullptr) r = *y;
    else if (y == nullptr) r = *x;
    else if (*x == *y) r = *x;
    else if (x->is_one()) r = *y;
    else if (y->is_one()) r = *x;
    else return std::nullopt;
    out[n - 1 - k] = r;
  }
  return out;
}

// A scalar literal of dtype d (rank 0, umat).
std::string literal(const std::string& d) {
  if (d == "f32") return element<std::string>({"1.5", "0.25", "-2.0", "1e-3", "3.0"});
  if (d == "i64") return element<std::string>({"2", "-3", "0", "7"});
  if (d == "bool") return element<std::string>({"true", "false"});
  if (d == "i32") return element<std::string>({"i32(7)", "i32(-1)", "i32(0)"});
  return d + element<std::string>({"(0.5)", "(2.0)", "(-1.25)"});
}

// ---- program state ----

struct FuncSig {
  std::string name;  // as spelled
  std::vector<TType> params;
  Value result;
};

struct Context {
  HirGenOptions opts;
  std::vector<std::string> dims;  // declared dim names
  std::vector<FuncSig> earlier;   // functions generated so far
  // The sharded option's mesh: its name, each axis's extent, whether an axis is a CTA level;
  // and where new `layout` declarations go.
  std::string mesh;
  std::vector<std::int64_t> mesh_extents;
  bool mesh_spans_ctas = false;
  std::vector<std::string>* declarations = nullptr;
};

const std::vector<std::string> kKeywordNames = {"for", "yield", "carry", "return", "in", "range"};

class FuncBuilder {
 public:
  FuncBuilder(const Context& ctx, HirFunc& f) : ctx_(ctx), f_(f) {}

  FuncSig build(const std::string& name) {
    f_.name = name;
    params();
    scopes_.emplace_back();
    for (std::size_t i = 0; i < param_types_.size(); ++i)
      bind(f_.params[i].first, Value{f_.params[i].first, false, {param_types_[i]}});
    const int n = pick<int>(1, ctx_.opts.max_bindings + 1);
    for (int i = 0; i < n; ++i) step(f_.body, 0);
    std::optional<Value> sharded;
    if (!ctx_.mesh.empty() && !one_in(4)) sharded = shard_epilogue();
    Value result = sharded ? *sharded : returned();
    if (sharded) f_.returned = sharded->spelled;
    f_.return_type = type_text(result);
    return FuncSig{name, param_types_, result};
  }

 private:
  // ---- params ----

  void params() {
    // A call of an earlier function needs its param types: repeat them as the leading params.
    std::vector<TType> types;
    if (ctx_.opts.calls && !ctx_.earlier.empty() && one_in(2)) {
      const FuncSig& g = element(ctx_.earlier);
      types = g.params;
    }
    // A base shape that the others broadcast against.
    std::vector<Extent> base;
    const int rank = pick<int>(1, 4);
    for (int k = 0; k < rank; ++k) base.push_back(extent());
    // Room for block-scaled casts (blocks of 16 or 32 along the last axis).
    if ((ctx_.opts.every_op || ctx_.opts.lowerable_only) && one_in(4)) base.back() = Extent{element<std::int64_t>({16, 32, 64}), ""};
    const std::string base_dtype = dtype();
    const int extra = pick<int>(types.empty() ? 1 : 0, ctx_.opts.max_params + 1 - static_cast<int>(types.size()));
    for (int i = 0; i < extra; ++i) {
      TType t{base, base_dtype, false};
      switch (pick<int>(0, 4)) {
        case 0: break;                                          // the base
        case 1:                                                 // some extents 1
          for (Extent& e : t.shape)
            if (one_in(2)) e = Extent{};
          break;
        case 2:                                                 // trailing axes only
          t.shape.erase(t.shape.begin(), t.shape.begin() + pick<std::size_t>(0, t.shape.size()));
          break;
        default:                                                // another dtype
          t.dtype = dtype();
          break;
      }
      types.push_back(t);
    }
    for (std::size_t i = 0; i < types.size(); ++i) {
      f_.params.emplace_back(fmt::format("p{}", i), type_text(types[i]));
      param_types_.push_back(types[i]);
    }
  }

  Extent extent() {
    if (!ctx_.dims.empty() && one_in(4)) return Extent{1, element(ctx_.dims)};
    return Extent{pick<std::int64_t>(1, 9), ""};
  }

  std::string dtype() {
    switch (pick<int>(0, 6)) {
      case 0:
      case 1: return "f32";
      case 2: return element(kFloats);
      case 3: return element(kInts);
      case 4: return "i64";
      default: return "bool";
    }
  }

  // ---- scope ----

  void bind(const std::string& raw, Value v) { scopes_.back()[raw] = std::move(v); }

  // Every visible value (the innermost binding of each name).
  std::vector<Value> visible() const {
    std::map<std::string, Value> seen;
    for (const auto& scope : scopes_)
      for (const auto& [name, v] : scope) seen[name] = v;
    std::vector<Value> out;
    for (auto& [name, v] : seen) out.push_back(v);
    return out;
  }

  // The visible tensors the bindings may read (what the sharded epilogue made, distributed or
  // in an explicit storage, feeds only the epilogue).
  std::vector<Value> tensors() const {
    std::vector<Value> out;
    for (const Value& v : visible())
      if (!v.tuple && v.tensor().layout.empty() && v.tensor().storage.empty()) out.push_back(v);
    return out;
  }

  // A name for a new binding: fresh, a visible one again, or a reserved word.
  // A tuple never hides a name, so that some tensor stays visible.
  std::pair<std::string, std::string> new_name(bool tuple) {
    if (ctx_.opts.rebinding && !tuple && one_in(8)) {
      std::vector<std::string> names;
      for (const auto& scope : scopes_)
        for (const auto& [name, v] : scope)
          if (!loop_bound_.count(name)) names.push_back(name);
      if (!names.empty()) {
        const std::string raw = element(names);
        return {raw, spell(raw)};
      }
    }
    if (ctx_.opts.keyword_names && one_in(16)) {
      const std::string raw = element(kKeywordNames);
      // A keyword already bound would hide that value: not for one that must stay visible
      // (the draws are made either way, so that recorded counterexamples replay).
      bool bound = false;
      for (const auto& scope : scopes_) bound = bound || scope.count(raw) > 0;
      if (!tuple || !bound) return {raw, "`" + raw + "`"};
    }
    const std::string raw = fmt::format("v{}", next_++);
    return {raw, raw};
  }

  static std::string spell(const std::string& raw) {
    return std::find(kKeywordNames.begin(), kKeywordNames.end(), raw) != kKeywordNames.end() ? "`" + raw + "`"
                                                                                           : raw;
  }

  // ---- bindings ----

  // Appends one binding to `out` (a loop only at depth 0, or 0 and 1 with nested_loops).
  void step(std::vector<HirBinding>& out, int depth) {
    std::vector<Value> ts = tensors();
    const Value& a = element(ts);
    std::optional<std::pair<std::string, Value>> made;
    int kind = pick<int>(0, 10);
    if (ctx_.opts.lowerable_only)
      kind = std::array<int, 20>{0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21}[static_cast<std::size_t>(pick<int>(0, 20))];
    else if (ctx_.opts.every_op) kind = pick<int>(0, 22);
    switch (kind) {
      case 0:
      case 1: made = binary(a, ts); break;
      case 2: made = unary(a); break;
      case 3: made = cast(a); break;
      case 4: made = reshape(a); break;
      case 5: made = transpose(a); break;
      case 6: made = reduce(a); break;
      case 7: made = tuple(ts); break;
      case 10: made = softmax(a); break;
      case 11: made = matmul(out, a, ts); break;
      case 12: made = clamp_or_full_like(a); break;
      case 13: made = slice(a); break;
      case 14: made = activation(a); break;
      case 15: made = where(out, a, ts); break;
      case 16: made = concat_or_stack(a); break;
      case 17: made = argmax(a); break;
      case 18: made = rms_norm(out, a); break;
      case 19: made = one_in(2) ? matmul(out, a, ts) : softmax(a); break;
      case 20: made = block_scaled(out, a); break;
      case 21: made = quant(out, a); break;
      case 8:
        if (ctx_.opts.loops && depth < (ctx_.opts.nested_loops ? 2 : 1)) {
          loop(out, depth);
          return;
        }
        made = binary(a, ts);
        break;
      default: made = call(); break;
    }
    if (!made) made = binary(a, ts);
    emit(out, made->first, made->second);
  }

  // Binds `rhs` of type `type` to a new name (a fresh one when `fresh`, so that values captured
  // before stay visible).
  void emit(std::vector<HirBinding>& out, const std::string& rhs, const Value& type, bool fresh = false) {
    auto [raw, spelled] = new_name(type.tuple || fresh);
    HirBinding b;
    b.name = spelled;
    if (one_in(3)) b.declared = type_text(type);
    b.value = rhs;
    out.push_back(b);
    Value v = type;
    v.spelled = spelled;
    bind(raw, v);
    last_bound_ = raw;
  }

  std::pair<std::string, Value> binary(const Value& a, const std::vector<Value>& ts) {
    const TType& x = a.tensor();
    // The other operand: a broadcastable value of the same dtype, or a scalar literal.
    std::vector<Value> partners;
    for (const Value& v : ts)
      if (v.tensor().dtype == x.dtype && broadcast(x.shape, v.tensor().shape)) partners.push_back(v);
    std::string other;
    TType y;
    if (partners.empty() || one_in(3)) {
      other = literal(x.dtype);
      y = TType{{}, x.dtype, true};
    } else {
      const Value& p = element(partners);
      other = p.spelled;
      y = p.tensor();
    }
    const std::string k = element(binary_kinds_of(x.dtype, true));
    TType r{*broadcast(x.shape, y.shape), binary_kind_yields_bool(k) ? "bool" : x.dtype, x.umat && y.umat};
    std::string lhs = a.spelled, rhs = other;
    if (one_in(3)) std::swap(lhs, rhs);
    std::string text;
    switch (pick<int>(0, 4)) {
      case 0: text = fmt::format("binary({}, {}, kind={})", lhs, rhs, k); break;
      case 1: text = fmt::format("binary({}, {}, kind=\"{}\")", lhs, rhs, k); break;
      default: text = fmt::format("{}({}, {})", k, lhs, rhs); break;
    }
    return {text, Value{"", false, {r}}};
  }

  std::pair<std::string, Value> unary(const Value& a) {
    const std::string k = element(unary_kinds_of(a.tensor().dtype));
    // `relu` alone is hir.nn.ReLU; the hir.math kind is written with `kind=`.
    const std::string text = unary_kind_from_name(k) == UnaryKind::Relu || one_in(3) ? fmt::format("unary({}, kind={})", a.spelled, k)
                                                      : fmt::format("{}({})", k, a.spelled);
    return {text, a};
  }

  // matmul of a static rank-2 `a` (M, K) with a value of shape (K, N) and a's dtype, or with a's
  // own transpose, bound first.
  std::optional<std::pair<std::string, Value>> matmul(std::vector<HirBinding>& out, const Value& a, const std::vector<Value>& ts) {
    const TType& x = a.tensor();
    if (a.tuple || x.shape.size() != 2 || x.dtype == "bool" || x.umat || !static_shape(x)) return std::nullopt;
    std::vector<Value> partners;
    for (const Value& v : ts) {
      const TType& y = v.tensor();
      if (!v.tuple && !y.umat && y.dtype == x.dtype && y.shape.size() == 2 && static_shape(y) && y.shape[0] == x.shape[1])
        partners.push_back(v);
    }
    std::string rhs;
    Extent n = x.shape[0];
    if (partners.empty() || one_in(3)) {
      emit(out, fmt::format("transpose({}, perm=(1, 0))", a.spelled), Value{"", false, {TType{{x.shape[1], x.shape[0]}, x.dtype, false}}}, true);
      rhs = out.back().name;
    } else {
      const Value& p = element(partners);
      rhs = p.spelled;
      n = p.tensor().shape[1];
    }
    return std::make_pair(fmt::format("matmul({}, {})", a.spelled, rhs), Value{"", false, {TType{{x.shape[0], n}, x.dtype, false}}});
  }

  // ---- HirGenOptions::every_op ----

  // An activation of a float tensor: sigmoid, tanh, silu, softplus, gelu (tanh or erf).
  std::optional<std::pair<std::string, Value>> activation(const Value& a) {
    if (!is_float(a.tensor().dtype)) return std::nullopt;
    switch (pick<int>(0, 6)) {
      case 0: return std::make_pair(fmt::format("sigmoid({})", a.spelled), a);
      case 1: return std::make_pair(fmt::format("tanh({})", a.spelled), a);
      case 2: return std::make_pair(fmt::format("silu({})", a.spelled), a);
      case 3: return std::make_pair(fmt::format("softplus({})", a.spelled), a);
      case 4: return std::make_pair(fmt::format("gelu({}, approximate=none)", a.spelled), a);
      default: return std::make_pair(fmt::format("gelu({})", a.spelled), a);
    }
  }

  // A block-scaled cast of a float tensor whose last extent is a multiple of the block (32 for
  // the MX formats, 16 for NVFP4), in a scale method of the format, bound first; then its
  // dequantization to f32 (what a quantize-dequantize round trip computes).
  std::optional<std::pair<std::string, Value>> block_scaled(std::vector<HirBinding>& out, const Value& a) {
    const TType& x = a.tensor();
    if (!is_float(x.dtype) || x.shape.empty() || !x.shape.back().dim.empty() || x.shape.back().value % 16 != 0) return std::nullopt;
    std::vector<std::string> formats{"NVFP4"};
    if (x.shape.back().value % 32 == 0)
      for (const char* f : {"MXFP8_E4M3", "MXFP8_E5M2", "MXFP6_E3M2", "MXFP6_E2M3", "MXFP4", "MXINT8"}) formats.emplace_back(f);
    TType q = x;
    q.dtype = element(formats);
    std::string method;
    if (one_in(2)) method = q.dtype == "NVFP4" ? ", scale_method=nvfp4" : element<std::string>({", scale_method=ocp", ", scale_method=rceil"});
    // Bound out of scope: no other op takes a block-scaled operand.
    HirBinding b;
    b.name = new_name(true).second;
    if (one_in(3)) b.declared = type_text(q);
    b.value = fmt::format("cast({}, dtype={}{})", a.spelled, q.dtype, method);
    out.push_back(b);
    TType r = x;
    r.dtype = "f32";
    return std::make_pair(fmt::format("cast({}, dtype=f32)", b.name), Value{"", false, {r}});
  }

  // quant(a, group=g) of a float (or integer) tensor whose static last extent g divides, bound
  // out of scope with its codes (no other op is generated for fp8 values): the value is the
  // scales, or the codes cast to f32.
  std::optional<std::pair<std::string, Value>> quant(std::vector<HirBinding>& out, const Value& a) {
    const TType& x = a.tensor();
    if (x.dtype == "bool" || x.shape.empty() || x.umat || !x.shape.back().dim.empty() || x.shape.back().value < 1) return std::nullopt;
    if (ctx_.opts.lowerable_only && !static_shape(x)) return std::nullopt;  // lower/ views a static shape's groups
    const std::int64_t last = x.shape.back().value;
    std::vector<std::int64_t> groups;
    for (std::int64_t g = 1; g <= last; ++g)
      if (last % g == 0) groups.push_back(g);
    const std::int64_t group = element(groups);
    HirBinding q;
    q.name = new_name(true).second;
    q.value = fmt::format("quant({}, group={})", a.spelled, group);
    out.push_back(q);
    HirBinding item;
    const bool scales = one_in(2);
    item.name = new_name(true).second;
    item.value = fmt::format("tuple_get_item({}, index={})", q.name, scales ? 1 : 0);
    out.push_back(item);
    TType r = x;
    r.dtype = "f32";
    if (scales) {
      r.shape.back() = Extent{last / group, ""};
      return std::make_pair(fmt::format("neg({})", item.name), Value{"", false, {r}});
    }
    return std::make_pair(fmt::format("cast({}, dtype=f32)", item.name), Value{"", false, {r}});
  }

  // where(c, a, b): c a comparison of a with a literal (bound first), b a broadcastable value
  // of a's dtype (or a itself).
  std::optional<std::pair<std::string, Value>> where(std::vector<HirBinding>& out, const Value& a, const std::vector<Value>& ts) {
    const TType& x = a.tensor();
    if (x.dtype == "bool" || x.umat) return std::nullopt;
    emit(out, fmt::format("{}({}, {})", element<std::string>({"gt", "lt", "ge", "ne"}), a.spelled, literal(x.dtype)),
         Value{"", false, {TType{x.shape, "bool", false}}}, true);
    const std::string cond = out.back().name;
    std::vector<Value> partners;
    for (const Value& v : ts)
      if (!v.tuple && !v.tensor().umat && v.tensor().dtype == x.dtype && broadcast(x.shape, v.tensor().shape)) partners.push_back(v);
    const Value& b = partners.empty() ? a : element(partners);
    TType r{*broadcast(x.shape, b.tensor().shape), x.dtype, false};
    return std::make_pair(fmt::format("where({}, {}, {})", cond, a.spelled, b.spelled), Value{"", false, {r}});
  }

  // concat(a, a, axis=k) along a static axis (its extent doubles), or stack(a, a, axis=k) (a new
  // axis of 2 at k).
  std::optional<std::pair<std::string, Value>> concat_or_stack(const Value& a) {
    const TType& x = a.tensor();
    if (x.umat || (ctx_.opts.lowerable_only && !static_shape(x))) return std::nullopt;  // lower/ joins static shapes
    const int rank = static_cast<int>(x.shape.size());
    TType t = x;
    if (rank > 0 && one_in(2)) {
      const int k = pick<int>(0, rank);
      if (!x.shape[k].dim.empty()) return std::nullopt;
      t.shape[k].value *= 2;
      return std::make_pair(fmt::format("concat({0}, {0}, axis={1})", a.spelled, one_in(3) ? k - rank : k), Value{"", false, {t}});
    }
    const int k = pick<int>(0, rank + 1);
    t.shape.insert(t.shape.begin() + k, Extent{2, ""});
    return std::make_pair(fmt::format("stack({0}, {0}, axis={1})", a.spelled, k), Value{"", false, {t}});
  }

  // argmax along one axis of a numeric tensor: i64, the axis dropped.
  std::optional<std::pair<std::string, Value>> argmax(const Value& a) {
    const TType& x = a.tensor();
    if (x.shape.empty() || x.dtype == "bool" || x.umat) return std::nullopt;
    const int rank = static_cast<int>(x.shape.size());
    const int k = pick<int>(0, rank);
    TType t{x.shape, "i64", false};
    t.shape.erase(t.shape.begin() + k);
    return std::make_pair(fmt::format("argmax({}, axis={})", a.spelled, one_in(3) ? k - rank : k), Value{"", false, {t}});
  }

  // rms_norm(a, w) of a float tensor, w its own last-axis profile: a itself for rank 1, else the
  // mean over the leading axes (bound first).
  std::optional<std::pair<std::string, Value>> rms_norm(std::vector<HirBinding>& out, const Value& a) {
    const TType& x = a.tensor();
    if (x.shape.empty() || !is_float(x.dtype) || x.umat) return std::nullopt;
    const int rank = static_cast<int>(x.shape.size());
    std::string w = a.spelled;
    if (rank > 1) {
      std::string axes = "(";
      for (int k = 0; k + 1 < rank; ++k) axes += (k ? ", " : "") + std::to_string(k);
      axes += rank == 2 ? ",)" : ")";
      emit(out, fmt::format("reduce({}, axes={}, keepdim=false, kind=mean)", a.spelled, axes),
           Value{"", false, {TType{{x.shape.back()}, x.dtype, false}}}, true);
      w = out.back().name;
    }
    const std::string eps = one_in(2) ? "" : element<std::string>({", eps=0.0", ", eps=1e-5", ", eps=0.5"});
    return std::make_pair(fmt::format("rms_norm({}, {}{})", a.spelled, w, eps), a);
  }

  // slice(a, starts, sizes, strides) of a static a with literal starts: per axis a window inside
  // the extent (a size of 0 at any start up to the extent, one time in eight).
  std::optional<std::pair<std::string, Value>> slice(const Value& a) {
    const TType& x = a.tensor();
    if (x.shape.empty() || x.umat || !static_shape(x)) return std::nullopt;
    std::string starts, sizes, strides;
    TType t = x;
    for (std::size_t k = 0; k < x.shape.size(); ++k) {
      const std::int64_t e = x.shape[k].value;
      std::int64_t start = pick<std::int64_t>(0, e + 1), size = 0, stride = 1;
      if (start < e && !one_in(8)) {
        stride = pick<std::int64_t>(1, 4);
        size = pick<std::int64_t>(1, (e - 1 - start) / stride + 2);
      }
      t.shape[k] = Extent{size, ""};
      const char* sep = k ? ", " : "";
      starts += fmt::format("{}{}", sep, start);
      sizes += fmt::format("{}{}", sep, size);
      strides += fmt::format("{}{}", sep, stride);
    }
    const char* close = x.shape.size() == 1 ? ",)" : ")";
    return std::make_pair(fmt::format("slice({}, ({}{}, sizes=({}{}, strides=({}{})", a.spelled, starts, close, sizes, close, strides, close),
                          Value{"", false, {t}});
  }

  // clamp(a, min_val, max_val) of a numeric a, or full_like(a, value) of any a: bounds and values
  // fractional, reversed, beyond every dtype's range, or NaN.
  std::optional<std::pair<std::string, Value>> clamp_or_full_like(const Value& a) {
    const TType& x = a.tensor();
    auto number = [&]() -> std::string {
      switch (pick<int>(0, 6)) {
        case 0: return "nan";
        case 1: return one_in(2) ? "1e30" : "-1e30";
        case 2: return fmt::format("{}.5", pick<int>(-4, 5));
        default: return fmt::format("{}.0", pick<int>(-4, 5));
      }
    };
    if (x.dtype != "bool" && one_in(2))
      return std::make_pair(fmt::format("clamp({}, min_val={}, max_val={})", a.spelled, number(), number()), a);
    return std::make_pair(fmt::format("full_like({}, value={})", a.spelled, number()), a);
  }

  // softmax over one axis (counted from the end one time in four) of a float tensor.
  std::optional<std::pair<std::string, Value>> softmax(const Value& a) {
    const TType& x = a.tensor();
    if (x.shape.empty() || !is_float(x.dtype)) return std::nullopt;
    const int rank = static_cast<int>(x.shape.size());
    const int axis = pick<int>(0, rank);
    return std::make_pair(fmt::format("softmax({}, axis={})", a.spelled, one_in(4) ? axis - rank : axis), a);
  }

  std::optional<std::pair<std::string, Value>> cast(const Value& a) {
    TType t = a.tensor();
    std::vector<std::string> targets = {"f32", "f16", "bf16", "i32", "i64", "bool"};
    t.dtype = element(targets);
    std::string attrs;
    if (!ctx_.opts.lowerable_only && one_in(3)) {
      if (is_float(t.dtype)) attrs = ", rounding=rn";
      else if (is_int(t.dtype)) attrs = ", rounding=rz, saturate=true";
      else attrs = ", rounding=rp";
    }
    return std::make_pair(fmt::format("cast({}, dtype={}{})", a.spelled, t.dtype, attrs), Value{"", false, {t}});
  }

  // lower/ lowers reshape and transpose to views, whose layouts are static.
  static bool static_shape(const TType& x) {
    for (const Extent& e : x.shape)
      if (!e.dim.empty()) return false;
    return true;
  }

  std::optional<std::pair<std::string, Value>> reshape(const Value& a) {
    const TType& x = a.tensor();
    if (x.umat || (ctx_.opts.lowerable_only && !static_shape(x))) return std::nullopt;
    std::int64_t product = 1;
    std::vector<Extent> dims;
    for (const Extent& e : x.shape) {
      if (e.dim.empty()) product *= e.value;
      else dims.push_back(e);
    }
    // The static product as 1-3 factors.
    std::vector<std::int64_t> factors;
    const int parts = pick<int>(1, 4);
    for (int i = 0; i + 1 < parts; ++i) {
      std::vector<std::int64_t> divisors;
      for (std::int64_t d = 1; d <= product; ++d)
        if (product % d == 0) divisors.push_back(d);
      const std::int64_t d = element(divisors);
      factors.push_back(d);
      product /= d;
    }
    factors.push_back(product);
    // Interleave the dims (in order) with the factors.
    std::vector<Extent> shape;
    std::size_t fi = 0, di = 0;
    while (fi < factors.size() || di < dims.size()) {
      const bool take_dim = di < dims.size() && (fi == factors.size() || one_in(2));
      if (take_dim) shape.push_back(dims[di++]);
      else shape.push_back(Extent{factors[fi++], ""});
    }
    TType t{shape, x.dtype, false};
    return std::make_pair(fmt::format("reshape({}, new_shape={})", a.spelled, shape_text(shape)),
                          Value{"", false, {t}});
  }

  std::optional<std::pair<std::string, Value>> transpose(const Value& a) {
    const TType& x = a.tensor();
    if (x.shape.empty() || (ctx_.opts.lowerable_only && !static_shape(x))) return std::nullopt;
    std::vector<int> perm(x.shape.size());
    std::iota(perm.begin(), perm.end(), 0);
    for (std::size_t i = perm.size(); i > 1; --i) std::swap(perm[i - 1], perm[pick<std::size_t>(0, i)]);
    TType t = x;
    std::string p = "(";
    for (std::size_t i = 0; i < perm.size(); ++i) {
      t.shape[i] = x.shape[perm[i]];
      p += (i ? ", " : "") + std::to_string(perm[i]);
    }
    p += perm.size() == 1 ? ",)" : ")";
    return std::make_pair(fmt::format("transpose({}, perm={})", a.spelled, p), Value{"", false, {t}});
  }

  std::optional<std::pair<std::string, Value>> reduce(const Value& a) {
    const TType& x = a.tensor();
    if (x.shape.empty() || x.dtype == "bool") return std::nullopt;
    const int rank = static_cast<int>(x.shape.size());
    std::vector<int> axes;
    for (int k = 0; k < rank; ++k)
      if (one_in(2)) axes.push_back(k);
    if (axes.empty()) axes.push_back(pick<int>(0, rank));
    const bool keepdim = !one_in(3);
    const std::string kind = element<std::string>({"sum", "mean", "max", "abs_max"});
    TType t{{}, x.dtype, x.umat};
    for (int k = 0; k < rank; ++k) {
      const bool reduced = std::find(axes.begin(), axes.end(), k) != axes.end();
      if (!reduced) t.shape.push_back(x.shape[k]);
      else if (keepdim) t.shape.push_back(Extent{});
    }
    std::string s = "(";
    for (std::size_t i = 0; i < axes.size(); ++i) {
      const int axis = one_in(4) ? axes[i] - rank : axes[i];  // a negative axis counts from the end
      s += (i ? ", " : "") + std::to_string(axis);
    }
    s += axes.size() == 1 ? ",)" : ")";
    std::string attrs = fmt::format("axes={}", s);
    if (!keepdim || one_in(2)) attrs += keepdim ? ", keepdim=true" : ", keepdim=false";
    if (reduce_kind_from_name(kind) != ReduceKind::Mean || one_in(2)) attrs += ", kind=" + kind;
    return std::make_pair(fmt::format("reduce({}, {})", a.spelled, attrs), Value{"", false, {t}});
  }

  // t = (a, b, ...) or tuple_get_item of a visible tuple.
  std::optional<std::pair<std::string, Value>> tuple(const std::vector<Value>& ts) {
    std::vector<Value> tuples;
    for (const Value& v : visible())
      if (v.tuple) tuples.push_back(v);
    if (!tuples.empty() && one_in(2)) {
      const Value& t = element(tuples);
      const std::size_t k = pick<std::size_t>(0, t.fields.size());
      return std::make_pair(fmt::format("tuple_get_item({}, index={})", t.spelled, k),
                            Value{"", false, {t.fields[k]}});
    }
    const int n = pick<int>(2, 4);
    Value v{"", true, {}};
    std::string s = "(";
    for (int i = 0; i < n; ++i) {
      const Value& e = element(ts);
      if (e.tensor().umat) return std::nullopt;
      v.fields.push_back(e.tensor());
      s += (i ? ", " : "") + e.spelled;
    }
    return std::make_pair(s + ")", v);
  }

  // @g(args) of an earlier function whose param types have visible values.
  std::optional<std::pair<std::string, Value>> call() {
    if (!ctx_.opts.calls || ctx_.earlier.empty()) return std::nullopt;
    const FuncSig& g = element(ctx_.earlier);
    const std::vector<Value> ts = tensors();
    std::string s = "@" + g.name + "(";
    for (std::size_t i = 0; i < g.params.size(); ++i) {
      std::vector<Value> fits;
      for (const Value& v : ts)
        if (v.tensor() == g.params[i]) fits.push_back(v);
      if (fits.empty()) return std::nullopt;
      s += (i ? ", " : "") + element(fits).spelled;
    }
    return std::make_pair(s + ")", g.result);
  }

  // r = for i in range(...) carry (c = init, ...) { ...; yield (...) }
  void loop(std::vector<HirBinding>& out, int depth) {
    std::vector<Value> ts;
    for (const Value& v : tensors())
      if (!v.tensor().umat) ts.push_back(v);
    if (ts.empty()) ts = tensors();
    const int carries = ctx_.opts.carry_free_loops ? pick<int>(0, 4) : pick<int>(1, 4);
    std::string range;
    switch (pick<int>(0, 4)) {
      case 0: range = fmt::format("range({})", pick<int>(1, 5)); break;
      case 1: range = fmt::format("range(1, {}, 2)", pick<int>(2, 9)); break;
      case 2:  // a symbolic range (not for a carry-free loop when lowerable: lower/ needs it non-empty)
        if (!ctx_.dims.empty() && !(ctx_.opts.lowerable_only && carries == 0)) {
          range = fmt::format("range(0, {}, 2)", element(ctx_.dims));
          break;
        }
        [[fallthrough]];
      default: range = fmt::format("range(0, {}, 1)", pick<int>(1, 5)); break;
    }
    const std::string index = depth == 0 ? "i" : fmt::format("i{}", depth);
    HirBinding b;
    b.loop = true;
    std::vector<Value> carried;
    std::string header = fmt::format("for {} in {}", index, range);
    scopes_.emplace_back();
    std::vector<std::string> carry_raw;
    if (carries > 0) {
      header += " carry (";
      for (int k = 0; k < carries; ++k) {
        const Value& init = element(ts);
        const std::string raw = fmt::format("c{}", next_++);
        header += fmt::format("{}{} = {}", k ? ", " : "", raw, init.spelled);
        Value c = init;
        c.spelled = raw;
        carried.push_back(c);
        carry_raw.push_back(raw);
      }
      header += ")";
    }
    const Value index_value{index, false, {TType{{}, "i64", true}}};
    bind(index, index_value);
    loop_bound_.insert(index);
    for (std::size_t k = 0; k < carried.size(); ++k) {
      bind(carry_raw[k], carried[k]);
      loop_bound_.insert(carry_raw[k]);
    }
    b.value = header;
    const bool free_body = ctx_.opts.free_loop_bodies;
    const int n = pick<int>(free_body ? 1 : 0, 5);
    for (int i = 0; i < n; ++i) step(b.body, depth + 1);
    // The last binding is the loop's body: make it depend on the loop (a carry or the index).
    if (!free_body) dependent_last(b.body, carried.empty() ? std::vector<Value>{index_value} : carried);
    Value result;
    if (carries == 0) {
      // The loop's value is its last binding.
      const std::string last_raw = last_bound_;
      result = scopes_.back().at(last_raw);
    } else {
      // Each carry yields a value of its own type (itself at least): a carry, or the last binding
      // (any inner value with free_loop_bodies).
      std::vector<Value> inner = tensors();
      if (!free_body) {
        inner = carried;
        inner.push_back(scopes_.back().at(last_bound_));
      }
      std::string y;
      result.tuple = carries > 1;
      for (int k = 0; k < carries; ++k) {
        std::vector<Value> fits;
        for (const Value& v : inner)
          if (v.tensor() == carried[k].tensor()) fits.push_back(v);
        y += (k ? ", " : "") + element(fits).spelled;
        result.fields.push_back(carried[k].tensor());
      }
      b.yield = carries > 1 ? "(" + y + ")" : y;
    }
    scopes_.pop_back();
    auto [raw, spelled] = new_name(result.tuple);
    b.name = spelled;
    if (one_in(3)) b.declared = type_text(result);
    out.push_back(b);
    result.spelled = spelled;
    bind(raw, result);
    last_bound_ = raw;
  }

  // A last loop binding that reads one of `anchors` (the carries, or the index).
  void dependent_last(std::vector<HirBinding>& body, const std::vector<Value>& anchors) {
    const Value a = element(anchors);
    std::vector<Value> ts;
    for (const Value& v : tensors())
      if (!v.tensor().umat) ts.push_back(v);
    if (a.tensor().umat && !ts.empty() && one_in(2)) {
      // x op cast(i, dtype=x's dtype): the index as a scalar of another dtype
      const Value x = element(ts);
      TType ct = a.tensor();
      ct.dtype = x.tensor().dtype;
      emit(body, fmt::format("cast({}, dtype={})", a.spelled, ct.dtype), Value{"", false, {ct}}, true);
      const Value ci = scopes_.back().at(last_bound_);
      const std::string k = element(binary_kinds_of(ct.dtype, true));
      emit(body, fmt::format("{}({}, {})", k, x.spelled, ci.spelled),
           Value{"", false, {TType{x.tensor().shape, binary_kind_yields_bool(k) ? "bool" : ct.dtype, false}}});
      return;
    }
    const auto made = one_in(3) ? unary(a) : binary(a, tensors());
    emit(body, made.first, made.second);
  }

  // ---- the sharded epilogue ----

  // A fresh ShardLayout over static `shape` on the mesh, declared: per mesh axis a Split of a
  // tensor axis whose remaining extent that axis divides, or a Broadcast.
  std::string shard_layout(const std::vector<Extent>& shape) {
    std::vector<std::int64_t> left;
    for (const Extent& e : shape) left.push_back(e.value);
    std::string attrs;
    for (std::size_t i = 0; i < ctx_.mesh_extents.size(); ++i) {
      std::vector<int> splittable;
      for (std::size_t d = 0; d < left.size(); ++d)
        if (left[d] % ctx_.mesh_extents[i] == 0) splittable.push_back(static_cast<int>(d));
      std::string a = "B()";
      if (!splittable.empty() && !one_in(4)) {
        const int d = element(splittable);
        left[static_cast<std::size_t>(d)] /= ctx_.mesh_extents[i];
        a = fmt::format("S({})", d);
      }
      attrs += (i ? ", " : "") + a;
    }
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (std::size_t k = shape.size(); k-- > 1;) strides[k - 1] = strides[k] * shape[k].value;
    std::string shape_s, stride_s;
    for (std::size_t k = 0; k < shape.size(); ++k) {
      shape_s += (k ? ", " : "") + std::to_string(shape[k].value);
      stride_s += (k ? ", " : "") + std::to_string(strides[k]);
    }
    if (shape.size() == 1) shape_s += ",", stride_s += ",";
    const std::string name = fmt::format("L{}", ctx_.declarations->size());
    ctx_.declarations->push_back(fmt::format("layout {} = ShardLayout(layout=Layout(({}), ({})), attrs=({}{}), mesh={})", name,
                                             shape_s, stride_s, attrs, ctx_.mesh_extents.size() == 1 ? "," : "", ctx_.mesh));
    return name;
  }

  // Binds `value` (of type t) to a fresh name at the top level and returns the value.
  Value bind_new(const std::string& value, TType t) {
    const std::string name = fmt::format("v{}", next_++);
    f_.body.push_back(HirBinding{name, one_in(3) ? type_text(t) : "", value});
    Value v{name, false, {std::move(t)}};
    bind(name, v);
    return v;
  }

  // The epilogue of HirGenOptions::sharded: a value distributed over the mesh and maybe one
  // more step, or nullopt when no value has a static shape of rank >= 1.
  std::optional<Value> shard_epilogue() {
    std::vector<Value> candidates;
    for (const Value& v : tensors())
      if (!v.tensor().umat && !v.tensor().shape.empty() && static_shape(v.tensor())) candidates.push_back(v);
    if (candidates.empty()) return std::nullopt;
    const Value x = element(candidates);
    TType t = x.tensor();
    t.layout = shard_layout(t.shape);
    std::string value = fmt::format("reshard({}, layout={}", x.spelled, t.layout);
    const int storage = pick<int>(0, 3);  // the operand's, smem (one CTA), gmem
    if (storage == 1 && !ctx_.mesh_spans_ctas) t.storage = "smem";
    if (storage == 2) t.storage = "gmem";
    if (!t.storage.empty()) value += ", storage=" + t.storage;
    Value r = bind_new(value + ")", t);
    switch (pick<int>(0, 4)) {
      case 0: {  // a unary of it: the type of its operand
        const std::string k = element(unary_kinds_of(t.dtype));
        return bind_new(fmt::format("unary({}, kind={})", r.spelled, k), t);
      }
      case 1: {  // to another distribution
        TType u = t;
        u.layout = shard_layout(u.shape);
        return bind_new(fmt::format("reshard({}, layout={})", r.spelled, u.layout), u);
      }
      case 2: {  // a reduction: undistributed, in the operand's storage
        if (t.dtype == "bool") return r;
        const std::size_t axis = pick<std::size_t>(0, t.shape.size());
        TType u = t;
        u.layout.clear();
        u.shape.erase(u.shape.begin() + static_cast<std::ptrdiff_t>(axis));
        const std::string kind = one_in(2) ? "sum" : "max";
        return bind_new(fmt::format("reduce({}, axes=({},), keepdim=false, kind={})", r.spelled, axis, kind), u);
      }
      default: return r;
    }
  }

  // The returned value: one value, or a tuple of tensors.
  Value returned() {
    const std::vector<Value> all = visible();
    std::vector<Value> ts;
    for (const Value& v : tensors())
      if (!v.tensor().umat) ts.push_back(v);
    if (ts.size() >= 2 && one_in(4)) {
      const int n = pick<int>(2, 4);
      Value r{"", true, {}};
      std::string s = "(";
      for (int i = 0; i < n; ++i) {
        const Value& e = element(ts);
        r.fields.push_back(e.tensor());
        s += (i ? ", " : "") + e.spelled;
      }
      f_.returned = s + ")";
      return r;
    }
    std::vector<Value> candidates;
    for (const Value& v : all)
      if (v.tuple || !v.tensor().umat) candidates.push_back(v);
    if (candidates.empty()) candidates = all;
    const Value& v = element(candidates);
    f_.returned = v.spelled;
    return v;
  }

 private:
  std::string last_bound_;               // the raw name of the latest binding
  std::set<std::string> loop_bound_;     // indices and carries: never rebound
  const Context& ctx_;
  HirFunc& f_;
  std::vector<TType> param_types_;
  std::vector<std::map<std::string, Value>> scopes_;
  int next_ = 0;
};

void render_bindings(const std::vector<HirBinding>& bs, int depth, std::string& out) {
  const std::string pad(4 * depth, ' ');
  for (const HirBinding& b : bs) {
    out += pad + b.name + (b.declared.empty() ? "" : ": " + b.declared) + " = " + b.value;
    if (!b.loop) {
      out += "\n";
      continue;
    }
    out += " {\n";
    render_bindings(b.body, depth + 1, out);
    if (!b.yield.empty()) out += pad + "    yield " + b.yield + "\n";
    out += pad + "}\n";
  }
}

}  // namespace

std::string HirProgram::text() const {
  std::string out = comments ? "# generated by gen_hir_program\ntfir 1\n" : "tfir 1\n";
  for (const std::string& d : declarations) out += d + "\n";
  if (!entry.empty()) out += "entry " + entry + "\n";
  for (int i : order) {
    const HirFunc& f = functions[i];
    out += "\n";
    if (comments) out += "# " + f.name + "\n";
    out += "func " + f.name + "(";
    for (std::size_t k = 0; k < f.params.size(); ++k)
      out += (k ? ", " : "") + f.params[k].first + ": " + f.params[k].second;
    out += ") -> " + f.return_type + " {\n";
    render_bindings(f.body, 1, out);
    out += "    return " + f.returned + "\n}\n";
  }
  return out;
}

rc::Gen<HirProgram> gen_hir_program(HirGenOptions opts) {
  return rc::gen::exec([opts] {
    HirProgram p;
    Context ctx;
    ctx.opts = opts;
    const std::vector<std::string> dim_names = {"N", "M", "K"};
    const int dims = pick<int>(0, opts.max_dims + 1);
    for (int i = 0; i < dims; ++i) {
      const std::int64_t lo = pick<std::int64_t>(1, 5);
      const std::int64_t hi = lo + pick<std::int64_t>(1, 5000);
      ctx.dims.push_back(dim_names[i]);
      p.declarations.push_back(fmt::format("dim {0} = DimVar(\"{0}\", {1}, {2})", dim_names[i], lo, hi));
    }
    ctx.declarations = &p.declarations;
    if (opts.sharded) {  // threads, CTAs, or CTAs of threads
      const int shape = pick<int>(0, 3);
      const std::int64_t threads = std::int64_t{1} << pick<int>(1, 4), ctas = std::int64_t{1} << pick<int>(1, 3);
      ctx.mesh = "grid";
      if (shape == 0) {
        ctx.mesh_extents = {threads};
        p.declarations.push_back(fmt::format("mesh grid = Mesh((Topology(\"thread\", {0}),), Layout(({0},), (1,)))", threads));
      } else if (shape == 1) {
        ctx.mesh_extents = {ctas};
        ctx.mesh_spans_ctas = true;
        p.declarations.push_back(fmt::format("mesh grid = Mesh((Topology(\"cta\", {0}),), Layout(({0},), (1,)))", ctas));
      } else {
        ctx.mesh_extents = {ctas, threads};
        ctx.mesh_spans_ctas = true;
        p.declarations.push_back(fmt::format(
            "mesh grid = Mesh((Topology(\"cta\", {0}), Topology(\"thread\", {1})), Layout(({0}, {1}), ({1}, 1)))", ctas, threads));
      }
    }
    const int n = pick<int>(1, opts.max_functions + 1);
    for (int i = 0; i < n; ++i) {
      p.functions.emplace_back();
      FuncBuilder b(ctx, p.functions.back());
      ctx.earlier.push_back(b.build(fmt::format("f{}", i)));
    }
    p.order.resize(n);
    std::iota(p.order.begin(), p.order.end(), 0);
    if (!one_in(3)) std::reverse(p.order.begin(), p.order.end());  // callers first, callees after
    if (one_in(3)) p.entry = p.functions[pick<int>(0, n)].name;
    p.comments = one_in(4);
    return p;
  });
}

}  // namespace tf::fuzz

void rc::showValue(const tf::fuzz::HirProgram& p, std::ostream& os) { os << "\n" << p.text(); }
