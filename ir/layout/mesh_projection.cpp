#include "ir/layout/mesh_projection.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "ir/layout/print.h"

namespace tf {

namespace {

struct Axis {
  int index;
  std::int64_t extent;
  std::int64_t stride;
};

Result<std::vector<Axis>> static_axes(const Mesh& m) {
  const Layout& axes = m.axes();
  if (!is_static(axes))
    return category_error(DiagCategory::Type,
                          fmt::format("{}: a mesh with a symbolic extent or stride cannot be "
                                      "projected",
                                      to_string(m)));
  std::vector<Axis> out;
  for (int i = 0; i < rank(axes); ++i) {
    const Layout mode = axes.mode(i);
    out.push_back({i, mode.shape().value(), mode.stride().value()});
  }
  return out;
}

// Why the axes are not separated, or "" (see the header's design note).
std::string separation_failure(const Mesh& m, std::vector<Axis> axes) {
  std::erase_if(axes, [](const Axis& a) { return a.extent <= 1; });
  for (const Axis& a : axes)
    if (a.stride == 0)
      return fmt::format("axis {} has extent {} and stride 0, so its positions share one index",
                         a.index, a.extent);
  std::sort(axes.begin(), axes.end(),
            [](const Axis& x, const Axis& y) { return x.stride < y.stride; });
  std::int64_t reach = 0;
  for (const Axis& a : axes) {
    if (a.stride <= reach)
      return fmt::format("the strides of {} are not separated: axis {} steps {} but the "
                         "smaller-stride axes already reach {}",
                         to_string(m.axes()), a.index, a.stride, reach);
    reach += (a.extent - 1) * a.stride;
  }
  return "";
}

}  // namespace

const char* membership_name(Membership m) {
  switch (m) {
    case Membership::Inside:
      return "inside";
    case Membership::Outside:
      return "outside";
    case Membership::NotProjectable:
      return "not-projectable";
  }
  TF_UNREACHABLE("unknown Membership");
}

Result<std::string> not_projectable_reason(const Mesh& m) {
  auto axes = static_axes(m);
  TF_TRY(axes);
  if (const auto* c = m.composed(); c && c->inner())
    return fmt::format("its ComposedLayout has the non-identity inner {}; only an identity inner "
                       "can be inverted",
                       to_string(*c->inner()));
  return separation_failure(m, *axes);
}

Result<MeshProjection> project(const Mesh& m, std::int64_t device_index) {
  auto reason = not_projectable_reason(m);
  TF_TRY(reason);
  MeshProjection p;
  if (!reason->empty()) {
    p.membership = Membership::NotProjectable;
    p.reason = *reason;
    return p;
  }
  std::vector<Axis> axes = static_axes(m).value();
  for (const Axis& a : axes)
    if (a.extent == 0) return p;  // a mesh of no position contains nothing
  if (device_index < m.offset()) return p;
  std::int64_t rest = device_index - m.offset();
  std::vector<Axis> by_stride = axes;
  std::sort(by_stride.begin(), by_stride.end(),
            [](const Axis& x, const Axis& y) { return x.stride > y.stride; });
  std::vector<std::int64_t> coord(axes.size(), 0);
  for (const Axis& a : by_stride) {
    if (a.extent <= 1 || a.stride == 0) continue;  // coordinate 0 (stride 0 only at extent 1)
    const std::int64_t c = rest / a.stride;
    if (c >= a.extent) return p;
    coord[static_cast<std::size_t>(a.index)] = c;
    rest -= c * a.stride;
  }
  if (rest != 0) return p;
  p.membership = Membership::Inside;
  std::vector<IntTuple> parts;
  std::int64_t flat = 0, scale = 1;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    parts.emplace_back(coord[i]);
    flat += coord[i] * scale;
    scale *= axes[i].extent;
  }
  p.coord = IntTuple::tuple(std::move(parts));
  p.flat_index = flat;
  return p;
}

Result<Membership> contains(const Mesh& m, std::int64_t device_index) {
  auto p = project(m, device_index);
  TF_TRY(p);
  return p->membership;
}

}  // namespace tf
