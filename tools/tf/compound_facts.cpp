#include "tools/tf/compound_facts.h"

#include <fmt/format.h>

#include "ir/dtype/block_scaled.h"
#include "ir/dtype/registry.h"

namespace tf::cli {
namespace {

std::string bits_text(const BitsPerElement& bits) {
  if (const double* d = std::get_if<double>(&bits)) return fmt::format("{}", *d);
  const SymbolicBits& s = std::get<SymbolicBits>(bits);
  return fmt::format("{} + {}/n", s.constant(), s.whole_scale_bits());
}

nlohmann::json block_json(const BlockExtent& b) {
  return b.is_whole() ? nlohmann::json("Whole") : nlohmann::json(b.count());
}

}  // namespace

std::vector<nlohmann::json> compound_dtypes_json() {
  std::vector<nlohmann::json> all;
  for (DType d : registered_compounds()) {
    const CompoundDType& c = d.compound();
    nlohmann::json j = {{"name", std::string(d.name())}, {"family", "compound"}};
    for (DType plane : c.simple_types()) j["planes"].push_back(std::string(plane.name()));
    if (const BlockScaledDType* b = c.as_block_scaled()) {
      j["element"] = std::string(b->element().name());
      j["levels"] = nlohmann::json::array();
      for (const Level& l : b->levels())
        j["levels"].push_back({{"scale", std::string(l.scale().name())}, {"block", block_json(l.block())}});
      BitsPerElement bits = b->bits_per_element();
      if (const double* v = std::get_if<double>(&bits))
        j["bits_per_element"] = *v;
      else
        j["bits_per_element"] = bits_text(bits);
    }
    all.push_back(std::move(j));
  }
  return all;
}

void print_compound_dtypes(std::ostream& out) {
  for (DType d : registered_compounds()) {
    const CompoundDType& c = d.compound();
    std::string planes;
    for (DType plane : c.simple_types()) planes += (planes.empty() ? "" : ", ") + std::string(plane.name());
    const BlockScaledDType* b = c.as_block_scaled();
    if (!b) {
      out << fmt::format("{:<11} compound, planes ({})\n", d.name(), planes);
      continue;
    }
    std::string levels;
    for (const Level& l : b->levels()) levels += (levels.empty() ? "" : ", ") + l.str();
    out << fmt::format("{:<11} element {}, levels ({}), planes ({}), {} bits/element\n", d.name(),
                       b->element().name(), levels, planes, bits_text(b->bits_per_element()));
  }
}

}  // namespace tf::cli
