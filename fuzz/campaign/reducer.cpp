#include "fuzz/campaign/reducer.h"

#include <algorithm>
#include <chrono>
#include <regex>
#include <sstream>
#include <vector>

namespace tf::fuzz {
namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

bool is_code(const std::string& line) {
  const std::size_t at = line.find_first_not_of(" \t\r");
  return at != std::string::npos && line[at] != '#';
}

std::string trimmed(const std::string& line) {
  const std::size_t a = line.find_first_not_of(" \t\r"), b = line.find_last_not_of(" \t\r");
  return a == std::string::npos ? std::string() : line.substr(a, b - a + 1);
}

// Which lines are inside a prim_func's body.
std::vector<bool> in_prim_funcs(const std::vector<std::string>& lines) {
  std::vector<bool> out(lines.size(), false);
  bool in_prim_func = false;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.rfind("prim_func ", 0) == 0) in_prim_func = true;
    else if (l.rfind("}", 0) == 0) in_prim_func = false;
    else out[i] = in_prim_func;
  }
  return out;
}

// The lines the lines pass may drop (design note): code lines after the header, but inside a
// prim_func only `let` bindings, or with kernel_statements every statement but a block's
// braces (the blocks pass takes those).
std::vector<bool> droppable(const std::vector<std::string>& lines, const ReduceOptions& options) {
  std::vector<bool> out(lines.size(), false);
  const std::vector<bool> kernel = in_prim_funcs(lines);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string t = trimmed(lines[i]);
    if (!is_code(lines[i]) || lines[i].rfind("prim_func ", 0) == 0) continue;
    if (!kernel[i]) out[i] = true;
    else if (options.kernel_statements) out[i] = t != "}" && t.back() != '{';
    else out[i] = t.rfind("let ", 0) == 0;
  }
  return out;
}

// The line that closes the block opened at `open` (braces counted), or lines.size().
std::size_t block_end(const std::vector<std::string>& lines, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < lines.size(); ++i) {
    const std::string t = trimmed(lines[i]);
    if (!t.empty() && t.back() == '{') ++depth;
    else if (t == "}" && --depth == 0) return i;
  }
  return lines.size();
}

class Reducer {
 public:
  Reducer(const std::function<bool(const std::string&)>& interesting, double budget, ReduceOptions options)
      : interesting_(interesting), options_(options), deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(budget))) {}

  bool out_of_time() const { return Clock::now() >= deadline_; }

  // Keeps `candidate` when it is still interesting.
  bool try_lines(std::vector<std::string>& lines, std::vector<std::string> candidate) {
    if (out_of_time() || candidate == lines) return false;  // an edit that changes nothing is no progress
    ++result_.tests;
    if (!interesting_(join_lines(candidate))) return false;
    ++result_.accepted;
    lines = std::move(candidate);
    return true;
  }

  // ddmin over the removable lines (design note).
  bool lines_pass(std::vector<std::string>& lines) {
    bool changed = false;
    auto removable = [&] {
      std::vector<std::size_t> r;
      const std::vector<bool> d = droppable(lines, options_);
      for (std::size_t i = 0; i < lines.size(); ++i)
        if (d[i]) r.push_back(i);
      return r;
    };
    for (std::size_t chunk = std::max<std::size_t>(1, removable().size() / 2);; chunk /= 2) {
      for (std::size_t start = 0;;) {
        const std::vector<std::size_t> r = removable();
        if (start >= r.size() || out_of_time()) break;
        std::vector<bool> drop(lines.size(), false);
        for (std::size_t k = start; k < std::min(r.size(), start + chunk); ++k) drop[r[k]] = true;
        std::vector<std::string> candidate;
        for (std::size_t i = 0; i < lines.size(); ++i)
          if (!drop[i]) candidate.push_back(lines[i]);
        if (try_lines(lines, std::move(candidate))) changed = true;
        else start += chunk;
      }
      if (chunk == 1 || out_of_time()) break;
    }
    return changed;
  }

  // With kernel_statements: each `with` / `for` block of a prim_func dropped whole, else
  // unwrapped (its braces dropped, its body kept) (design note).
  bool blocks_pass(std::vector<std::string>& lines) {
    if (!options_.kernel_statements) return false;
    bool changed = false;
    std::vector<bool> kernel = in_prim_funcs(lines);  // recomputed only when a candidate is kept
    for (std::size_t i = 1; i < lines.size() && !out_of_time(); ++i) {
      const std::string t = trimmed(lines[i]);
      if (!kernel[i] || (t.rfind("with ", 0) != 0 && t.rfind("for ", 0) != 0) || t.back() != '{') continue;
      const std::size_t close = block_end(lines, i);
      if (close == lines.size()) continue;
      std::vector<std::string> whole = lines, unwrapped = lines;
      whole.erase(whole.begin() + static_cast<std::ptrdiff_t>(i), whole.begin() + static_cast<std::ptrdiff_t>(close) + 1);
      unwrapped.erase(unwrapped.begin() + static_cast<std::ptrdiff_t>(close));
      unwrapped.erase(unwrapped.begin() + static_cast<std::ptrdiff_t>(i));
      if (try_lines(lines, std::move(whole)) || try_lines(lines, std::move(unwrapped))) {
        changed = true;
        kernel = in_prim_funcs(lines);
        --i;  // the same index holds the next candidate
      }
    }
    return changed;
  }

  // `x[: T] = op(args)` -> `x[: T] = a` for each operand name a (design note).
  bool operands_pass(std::vector<std::string>& lines) {
    static const std::regex binding(R"(^(\s*[A-Za-z_]\w*(?:\s*:[^=]*)?\s*=\s*)[A-Za-z_][\w.]*\((.*)\)\s*$)");
    static const std::regex name(R"(\b([A-Za-z_]\w*)\b(\s*=)?)");
    bool changed = false;
    for (std::size_t i = 1; i < lines.size() && !out_of_time(); ++i) {
      std::smatch m;
      if (!std::regex_match(lines[i], m, binding)) continue;
      const std::string head = m[1], args = m[2];
      for (std::sregex_iterator it(args.begin(), args.end(), name), end; it != end; ++it) {
        if ((*it)[2].matched) continue;  // an attribute's name
        std::vector<std::string> candidate = lines;
        candidate[i] = head + (*it)[1].str();
        if (try_lines(lines, std::move(candidate))) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  // An input's codes to 0x0: all, then each half (design note); not where a case expects a
  // literal, which the inputs it was computed from would no longer give.
  bool inputs_pass(std::vector<std::string>& lines) {
    bool changed = false;
    for (const std::string& line : lines)
      if (trimmed(line).rfind("expect ", 0) == 0 && line.find("= Tensor[") != std::string::npos) return false;
    for (std::size_t i = 1; i < lines.size() && !out_of_time(); ++i) {
      const std::size_t open = lines[i].find("bits{");
      const std::size_t close = lines[i].rfind('}');
      if (lines[i].find("input ") == std::string::npos || open == std::string::npos || close == std::string::npos || close < open) continue;
      std::vector<std::string> codes;
      std::istringstream in(lines[i].substr(open + 5, close - open - 5));
      for (std::string c; std::getline(in, c, ',');) codes.push_back(c);
      auto with_zeros = [&](std::size_t from, std::size_t to) {
        std::string body;
        for (std::size_t k = 0; k < codes.size(); ++k) body += (k ? ", " : "") + (k >= from && k < to ? std::string("0x0") : codes[k].substr(codes[k].find_first_not_of(' ')));
        std::vector<std::string> candidate = lines;
        candidate[i] = lines[i].substr(0, open + 5) + body + lines[i].substr(close);
        return candidate;
      };
      if (std::all_of(codes.begin(), codes.end(), [](const std::string& c) { return c.find_first_not_of(" 0x") == std::string::npos; })) continue;
      if (try_lines(lines, with_zeros(0, codes.size()))) {
        changed = true;
        continue;
      }
      const std::size_t half = codes.size() / 2;
      if (half > 0 && try_lines(lines, with_zeros(0, half))) changed = true;
      else if (half > 0 && try_lines(lines, with_zeros(half, codes.size()))) changed = true;
    }
    return changed;
  }

  ReduceResult run(const std::string& text) {
    const Clock::time_point t0 = Clock::now();
    std::vector<std::string> lines = split_lines(text);
    result_.lines_before = code_lines(text);
    bool changed = true;
    while (changed && !out_of_time()) {
      changed = false;
      changed = lines_pass(lines) || changed;
      changed = blocks_pass(lines) || changed;
      changed = operands_pass(lines) || changed;
      changed = inputs_pass(lines) || changed;
    }
    result_.text = join_lines(lines);
    result_.lines_after = code_lines(result_.text);
    result_.out_of_time = out_of_time();
    result_.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return result_;
  }

 private:
  const std::function<bool(const std::string&)>& interesting_;
  ReduceOptions options_;
  Clock::time_point deadline_;
  ReduceResult result_;
};

}  // namespace

std::size_t code_lines(const std::string& text) {
  std::size_t n = 0;
  for (const std::string& l : split_lines(text)) n += is_code(l) ? 1 : 0;
  return n;
}

ReduceResult reduce_text(const std::string& text, const std::function<bool(const std::string&)>& interesting,
                         double budget_seconds, ReduceOptions options) {
  return Reducer(interesting, budget_seconds, options).run(text);
}

}  // namespace tf::fuzz
