// Escaping text for XML documents the tools write (JUnit reports, SVG pictures).
#pragma once

#include <string>
#include <string_view>

namespace tf {

/// `s` with & < > " written as entities and every control character but newline and tab (which
/// XML 1.0 cannot hold) written as a space; usable in element text and in quoted attributes.
std::string xml_escape(std::string_view s);

}  // namespace tf
