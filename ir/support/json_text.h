// JSON documents as text, for every JSON output of tf (reports, --json): nlohmann::json's dump
// throws on a string that is not valid UTF-8, and user text (a file name, a literal, a command
// line argument) quoted in a message may be any bytes. Here each invalid byte becomes U+FFFD
// instead, so a JSON report is always written.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace tf {

/// `j` as JSON text, on one line (indent < 0) or indented by `indent` spaces; bytes of strings
/// that are not valid UTF-8 are replaced by U+FFFD.
std::string json_text(const nlohmann::json& j, int indent = -1);
/// The same for a document that keeps its keys in insertion order.
std::string json_text(const nlohmann::ordered_json& j, int indent = -1);

}  // namespace tf
