#include "conformance/law_case_lists.h"

#include <fmt/format.h>

#include <climits>
#include <optional>

#include "ir/text/decimal.h"

namespace tf::conformance {
namespace {

// One entry of a list: its text without surrounding blanks and where it starts in the value.
struct Entry {
  std::string_view text;
  std::size_t offset = 0;
};

// A parse error at `offset` characters into the value that starts at `at`.
Diagnostic error_at_offset(const SourceLocation& at, std::size_t offset, std::string message) {
  Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
  d.location = SourceLocation{at.file, at.line, at.column + static_cast<int>(offset)};
  return d;
}

bool blank(char c) {
  return c == ' ' || c == '\t';
}

// `text` from `offset` with its blanks trimmed on both sides.
Entry trimmed(std::string_view text, std::size_t offset) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && blank(text[begin])) ++begin;
  while (end > begin && blank(text[end - 1])) --end;
  return Entry{text.substr(begin, end - begin), offset + begin};
}

// The comma-separated entries of `[...]` (none for `[]`); `what` names the expected form.
Result<std::vector<Entry>> list_entries(std::string_view text, const SourceLocation& at,
                                        const std::string& what) {
  const Entry whole = trimmed(text, 0);
  if (whole.text.size() < 2 || whole.text.front() != '[' || whole.text.back() != ']')
    return error_at_offset(at, whole.offset, fmt::format("{}, found '{}'", what, text));
  const std::string_view inside = whole.text.substr(1, whole.text.size() - 2);
  const std::size_t inside_at = whole.offset + 1;
  std::vector<Entry> entries;
  if (trimmed(inside, inside_at).text.empty()) return entries;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = inside.find(',', start);
    const Entry e =
        trimmed(inside.substr(start, comma == std::string_view::npos ? std::string_view::npos
                                                                     : comma - start),
                inside_at + start);
    if (e.text.empty())
      return error_at_offset(at, e.offset, fmt::format("{}: an entry is empty", what));
    entries.push_back(e);
    if (comma == std::string_view::npos) return entries;
    start = comma + 1;
  }
}

// The integer `part` spells, or a diagnostic at it.
Result<std::int64_t> integer(const Entry& part, const SourceLocation& at, const std::string& what) {
  if (std::optional<std::int64_t> n = text::signed_integer(part.text)) return *n;
  return error_at_offset(at, part.offset,
                         fmt::format("{}: '{}' is not an integer", what, part.text));
}

// One entry of a key: `:`, an index, or a range `a:b` / `a:b:s` with any part omitted.
Result<SliceKey> key_entry(const Entry& e, const SourceLocation& at, const std::string& what) {
  std::vector<Entry> parts;
  for (std::size_t start = 0;;) {
    const std::size_t colon = e.text.find(':', start);
    parts.push_back(
        trimmed(e.text.substr(start, colon == std::string_view::npos ? std::string_view::npos
                                                                     : colon - start),
                e.offset + start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (parts.size() > 3)
    return error_at_offset(at, e.offset,
                           fmt::format("{}: '{}' has more than two colons", what, e.text));
  std::optional<std::int64_t> numbers[3];
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].text.empty()) continue;
    Result<std::int64_t> n = integer(parts[i], at, what);
    if (!n.ok()) return n.diagnostics();
    numbers[i] = *n;
  }
  if (parts.size() == 1)
    return SliceKey::at(*numbers[0]);  // a lone empty part cannot be: entries are not empty
  if (parts.size() == 2 && !numbers[0] && !numbers[1]) return SliceKey::all();
  return SliceKey::range(numbers[0], numbers[1], numbers[2]);
}

}  // namespace

Result<std::vector<SliceKey>> read_slice_key(std::string_view text, const std::string& name,
                                             const SourceLocation& at) {
  const std::string what = fmt::format("input {} takes a slice key such as [:, 0:16, -1]", name);
  Result<std::vector<Entry>> entries = list_entries(text, at, what);
  if (!entries.ok()) return entries.diagnostics();
  std::vector<SliceKey> key;
  for (const Entry& e : *entries) {
    Result<SliceKey> k = key_entry(e, at, what);
    if (!k.ok()) return k.diagnostics();
    key.push_back(*k);
  }
  return key;
}

Result<BarrierSites> read_barrier_sites(std::string_view text, const std::string& name,
                                        const SourceLocation& at) {
  const std::string what = fmt::format("input {} takes barrier sites such as [3, 0, 3]", name);
  Result<std::vector<Entry>> entries = list_entries(text, at, what);
  if (!entries.ok()) return entries.diagnostics();
  BarrierSites sites;
  for (const Entry& e : *entries) {
    Result<std::int64_t> n = integer(e, at, what);
    if (!n.ok()) return n.diagnostics();
    if (*n < INT_MIN || *n > INT_MAX)
      return error_at_offset(at, e.offset,
                             fmt::format("{}: the site {} does not fit an int", what, *n));
    sites.sites.push_back(static_cast<int>(*n));
  }
  return sites;
}

}  // namespace tf::conformance
