#include "ir/layout/tiler.h"

#include <fmt/format.h>

#include "ir/layout/flat_modes.h"
#include "ir/layout/print.h"

namespace tf {

Tiler Tiler::whole(Layout b) { return Tiler(Node(std::move(b)), Kind::Whole); }

Tiler Tiler::keep() { return Tiler(Node(std::monostate{}), Kind::Keep); }

Result<Tiler> Tiler::by_mode(std::vector<Tiler> tilers) {
  if (tilers.empty()) return layout_detail::algebra_error("a tiler tuple holds at least one tiler");
  return Tiler(Node(std::make_shared<const std::vector<Tiler>>(std::move(tilers))), Kind::ByMode);
}

Result<Tiler> Tiler::by_mode(const std::vector<Layout>& layouts) {
  std::vector<Tiler> tilers;
  for (const Layout& l : layouts) tilers.push_back(whole(l));
  return by_mode(std::move(tilers));
}

Result<Tiler> Tiler::of_shape(const IntTuple& shape) {
  if (shape.is_leaf()) {
    Result<Layout> l = Layout::make(shape, IntTuple(1));
    TF_TRY(l);
    return whole(*l);
  }
  std::vector<Tiler> tilers;
  for (const IntTuple& child : shape.children()) {
    Result<Tiler> t = of_shape(child);
    TF_TRY(t);
    tilers.push_back(*t);
  }
  return by_mode(std::move(tilers));
}

Tiler::Kind Tiler::kind() const { return kind_; }

const Layout& Tiler::layout() const {
  TF_CHECK(kind_ == Kind::Whole, "layout() of a tiler that is not a layout");
  return std::get<Layout>(node_);
}

const std::vector<Tiler>& Tiler::modes() const {
  TF_CHECK(kind_ == Kind::ByMode, "modes() of a tiler that is not a tuple");
  return *std::get<Modes>(node_);
}

Result<Layout> apply_tiler(std::string_view op_name, const Layout& a, const Tiler& tiler,
                           Result<Layout> (*op)(const Layout&, const Layout&)) {
  switch (tiler.kind()) {
    case Tiler::Kind::Whole:
      return op(a, tiler.layout());
    case Tiler::Kind::Keep:
      return a;
    case Tiler::Kind::ByMode:
      break;
  }
  const std::vector<Tiler>& tilers = tiler.modes();
  if (static_cast<int>(tilers.size()) > rank(a))
    return layout_detail::algebra_error(fmt::format("{}: a tiler of {} modes, {}, for {} of rank {}", op_name,
                                                    tilers.size(), to_string(tiler), to_string(a), rank(a)));
  std::vector<Layout> modes;
  for (int i = 0; i < rank(a); ++i) {
    if (i >= static_cast<int>(tilers.size())) {
      modes.push_back(a.mode(i));
      continue;
    }
    Result<Layout> m = apply_tiler(op_name, a.mode(i), tilers[static_cast<std::size_t>(i)], op);
    TF_TRY(m);
    modes.push_back(*m);
  }
  return make_layout(modes);
}

std::string to_string(const Tiler& t) {
  switch (t.kind()) {
    case Tiler::Kind::Whole:
      return to_string(t.layout());
    case Tiler::Kind::Keep:
      return "_";
    case Tiler::Kind::ByMode: {
      std::string out = "(";
      for (std::size_t i = 0; i < t.modes().size(); ++i) out += (i > 0 ? ", " : "") + to_string(t.modes()[i]);
      return out + (t.modes().size() == 1 ? ",)" : ")");
    }
  }
  TF_UNREACHABLE("bad Tiler::Kind");
}

}  // namespace tf
