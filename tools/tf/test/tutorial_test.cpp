// docs/tutorial.md is a transcript, and this test keeps it true. Every line `$ COMMAND` of a
// ```console block runs through /bin/sh from the source root, `tf` being the built binary; what
// it writes to stdout and stderr must be exactly the lines under it (up to the next `$ ` line or
// the end of the block), and its exit code the one a last line `[exit N]` shows (0 when there is
// none). A command may go on over several lines, each but the last ending in a backslash.
//
// TF_TUTORIAL_UPDATE=1 rewrites the shown outputs (and exit lines) from the actual ones instead,
// so that an author refreshes the page and reviews the change with git diff.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// One `$ ` command of the page and the output it shows.
struct Command {
  std::size_t line = 0;             ///< 1-based page line of the `$ ` line
  std::string text;                 ///< the shell command, continuation lines included
  std::size_t output_begin = 0;     ///< 0-based index of its first output line
  std::size_t output_end = 0;       ///< one past its last output line, `[exit N]` included
  std::vector<std::string> output;  ///< the shown lines, without `[exit N]`
  int exit_code = 0;
};

/// The commands of a page, or the first reason it cannot be read (`error_line` 1-based).
struct Page {
  std::vector<Command> commands;
  std::size_t error_line = 0;
  std::string error;
};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// `[exit N]` with N in 1..255, written without leading zeros; nullopt for anything else.
std::optional<int> parse_exit_line(const std::string& line) {
  const std::string prefix = "[exit ";
  if (!line.starts_with(prefix) || !line.ends_with("]")) return std::nullopt;
  const std::string digits = line.substr(prefix.size(), line.size() - prefix.size() - 1);
  if (digits.empty() || digits.size() > 3 || digits[0] == '0') return std::nullopt;
  for (char c : digits)
    if (c < '0' || c > '9') return std::nullopt;
  const int n = std::stoi(digits);
  if (n > 255) return std::nullopt;
  return n;
}

bool is_fence(const std::string& line) {
  return line.starts_with("```");
}

/// Reads the ```console blocks of a page. Strict: a block without a command, output before the
/// first command, an empty command, an `[exit ...]` line that is malformed or not last, and a
/// block left open are errors at their line.
Page parse_page(const std::vector<std::string>& lines) {
  Page page;
  auto fail = [&page](std::size_t index, std::string message) {
    page.error_line = index + 1;
    page.error = std::move(message);
    return page;
  };
  std::size_t i = 0;
  while (i < lines.size()) {
    if (!is_fence(lines[i])) {
      ++i;
      continue;
    }
    const std::size_t open = i++;
    const std::string info = lines[open].substr(0, lines[open].find_last_not_of(" \t") + 1);
    if (info != "```console") {  // another language's block: skipped whole
      while (i < lines.size() && !is_fence(lines[i])) ++i;
      if (i == lines.size()) return fail(open, "a code block that is never closed");
      ++i;
      continue;
    }
    const std::size_t first_command = page.commands.size();
    while (i < lines.size() && !is_fence(lines[i])) {
      if (lines[i] == "$" || lines[i] == "$ ") return fail(i, "an empty command");
      if (!lines[i].starts_with("$ "))
        return fail(i, "output before the block's first `$ ` command");
      Command c;
      c.line = i + 1;
      c.text = lines[i].substr(2);
      while (c.text.ends_with("\\") && i + 1 < lines.size() && !is_fence(lines[i + 1]))
        c.text += "\n" + lines[++i];
      c.output_begin = ++i;
      while (i < lines.size() && !is_fence(lines[i]) && !lines[i].starts_with("$ ") &&
             lines[i] != "$")
        ++i;
      c.output_end = i;
      for (std::size_t k = c.output_begin; k < c.output_end; ++k) {
        if (!lines[k].starts_with("[exit")) {
          c.output.push_back(lines[k]);
          continue;
        }
        const std::optional<int> code = parse_exit_line(lines[k]);
        if (!code)
          return fail(k,
                      "malformed exit line '" + lines[k] + "': expected [exit N], N from 1 to 255");
        if (k + 1 != c.output_end)
          return fail(k, "an [exit N] line must be the last line of its command's output");
        c.exit_code = *code;
      }
      page.commands.push_back(std::move(c));
    }
    if (i == lines.size()) return fail(open, "a console block that is never closed");
    if (page.commands.size() == first_command)
      return fail(open, "a console block without a `$ ` command");
    ++i;
  }
  return page;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Outcome {
  std::string output;  ///< stdout and stderr, interleaved as written
  int exit_code = 0;   ///< 128 + the signal when killed
};

/// Runs COMMAND through /bin/sh in the source root, `tf` a shell function calling the binary
/// (so it works in pipelines too), stdin empty.
Outcome run_command(const std::string& command) {
  const std::string script = "tf() { " + shell_quote(TF_BINARY) + " \"$@\"; }\n" + command + "\n";
  std::array<int, 2> fds{};
  if (pipe(fds.data()) != 0) return {"pipe failed\n", 127};
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    if (chdir(TF_SOURCE_ROOT) != 0) _exit(127);
    execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  Outcome run;
  std::array<char, 4096> buf{};
  for (ssize_t n; (n = read(fds[0], buf.data(), buf.size())) != 0;) {
    if (n < 0) break;
    run.output.append(buf.data(), static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return run;
}

/// The lines a run shows on the page: its output lines, then `[exit N]` unless it exited 0.
/// An output the page cannot show (no final newline, a line the parser would take for a
/// command, a fence or an exit line) is an error.
std::optional<std::string> shown_lines(const Outcome& run, std::vector<std::string>& lines) {
  lines = split_lines(run.output);
  if (!run.output.empty() && !run.output.ends_with("\n"))
    return "its output does not end in a newline, which the page cannot show";
  for (const std::string& l : lines)
    if (l.starts_with("$ ") || l == "$" || is_fence(l) || l.starts_with("[exit"))
      return "it prints the line '" + l + "', which the page would not read as output";
  if (run.exit_code != 0) lines.push_back("[exit " + std::to_string(run.exit_code) + "]");
  return std::nullopt;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += "    " + l + "\n";
  return out.empty() ? "    (nothing)\n" : out;
}

/// Where the page and a run first differ, or nullopt when they agree.
std::optional<std::string> first_difference(const std::string& page_name, const Command& c,
                                            const std::vector<std::string>& page_lines,
                                            const std::vector<std::string>& actual) {
  const std::vector<std::string> shown(page_lines.begin() + static_cast<long>(c.output_begin),
                                       page_lines.begin() + static_cast<long>(c.output_end));
  if (shown == actual) return std::nullopt;
  std::size_t k = 0;
  while (k < shown.size() && k < actual.size() && shown[k] == actual[k]) ++k;
  std::ostringstream m;
  m << page_name << ":" << c.output_begin + k + 1 << ": `" << c.text
    << "` differs from the page at line " << k + 1 << " of its output\n"
    << "  page:   " << (k < shown.size() ? shown[k] : "(the output ends)") << "\n"
    << "  actual: " << (k < actual.size() ? actual[k] : "(the output ends)") << "\n"
    << "the page shows:\n"
    << joined(shown) << "the command printed:\n"
    << joined(actual)
    << "(TF_TUTORIAL_UPDATE=1 rewrites the page from the actual outputs; review the diff)";
  return m.str();
}

/// The page with each command's output lines replaced by ACTUAL's.
std::vector<std::string> rewritten(const std::vector<std::string>& lines, const Page& page,
                                   const std::vector<std::vector<std::string>>& actual) {
  std::vector<std::string> out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < page.commands.size(); ++i) {
    const Command& c = page.commands[i];
    out.insert(out.end(), lines.begin() + static_cast<long>(next),
               lines.begin() + static_cast<long>(c.output_begin));
    out.insert(out.end(), actual[i].begin(), actual[i].end());
    next = c.output_end;
  }
  out.insert(out.end(), lines.begin() + static_cast<long>(next), lines.end());
  return out;
}

// ---- the parser, on small pages ----

TEST(Tutorial, ParserReadsCommandsOutputsAndExitCodes) {
  const Page p = parse_page(
      split_lines("text\n```tfir\n$ not a command\n```\n```console\n$ tf cast 1 --to f32\none\n\n"
                  "$ tf check x \\\n    y.tfir\nbad\n[exit 1]\n$ true\n```\n"));
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.commands.size(), 3u);
  EXPECT_EQ(p.commands[0].line, 6u);
  EXPECT_EQ(p.commands[0].text, "tf cast 1 --to f32");
  EXPECT_EQ(p.commands[0].output, (std::vector<std::string>{"one", ""}));
  EXPECT_EQ(p.commands[0].exit_code, 0);
  EXPECT_EQ(p.commands[1].text, "tf check x \\\n    y.tfir");
  EXPECT_EQ(p.commands[1].output, std::vector<std::string>{"bad"});
  EXPECT_EQ(p.commands[1].exit_code, 1);
  EXPECT_EQ(p.commands[1].output_end - p.commands[1].output_begin, 2u);
  EXPECT_TRUE(p.commands[2].output.empty());
}

TEST(Tutorial, ParserRejectsABlockWithoutACommand) {
  const Page empty = parse_page(split_lines("a\n```console\n```\n"));
  EXPECT_EQ(empty.error_line, 2u);
  EXPECT_EQ(empty.error, "a console block without a `$ ` command");
  const Page output_only = parse_page(split_lines("```console\nsome output\n```\n"));
  EXPECT_EQ(output_only.error_line, 2u);
  EXPECT_EQ(output_only.error, "output before the block's first `$ ` command");
  EXPECT_EQ(parse_page(split_lines("```console\n$ \n```\n")).error, "an empty command");
  const Page open = parse_page(split_lines("x\n\n```console\n$ true\n"));
  EXPECT_EQ(open.error_line, 3u);
  EXPECT_EQ(open.error, "a console block that is never closed");
}

TEST(Tutorial, ParserRejectsAMalformedExitLine) {
  for (const char* bad : {"[exit]", "[exit 0]", "[exit 02]", "[exit x]", "[exit 2] ", "[exit 256]",
                          "[exit -1]", "[exit 1"}) {
    const Page p = parse_page(split_lines(std::string("```console\n$ false\n") + bad + "\n```\n"));
    EXPECT_EQ(p.error_line, 3u) << bad;
    EXPECT_TRUE(p.error.starts_with("malformed exit line")) << bad << ": " << p.error;
  }
  const Page middle = parse_page(split_lines("```console\n$ false\n[exit 1]\nmore\n```\n"));
  EXPECT_EQ(middle.error_line, 3u);
  EXPECT_EQ(middle.error, "an [exit N] line must be the last line of its command's output");
  EXPECT_EQ(parse_page(split_lines("```console\n$ false\n[exit 255]\n```\n")).commands[0].exit_code,
            255);
}

TEST(Tutorial, RewritingReplacesOnlyTheOutputs) {
  const std::vector<std::string> lines =
      split_lines("intro\n```console\n$ a\nold\n[exit 1]\n$ b\n```\nend\n");
  const Page p = parse_page(lines);
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(rewritten(lines, p, {{"new", "[exit 2]"}, {"b out"}}),
            split_lines("intro\n```console\n$ a\nnew\n[exit 2]\n$ b\nb out\n```\nend\n"));
}

TEST(Tutorial, ARunShowsItsExitCodeAndRefusesWhatThePageCannotShow) {
  std::vector<std::string> lines;
  EXPECT_EQ(shown_lines(run_command("echo hi; exit 3"), lines), std::nullopt);
  EXPECT_EQ(lines, (std::vector<std::string>{"hi", "[exit 3]"}));
  EXPECT_NE(shown_lines(run_command("printf 'no newline'"), lines), std::nullopt);
  EXPECT_NE(shown_lines(run_command("echo '[exit 1]'"), lines), std::nullopt);
  const Outcome pwd = run_command("pwd");
  EXPECT_EQ(pwd.output, std::string(TF_SOURCE_ROOT) + "\n");  // cwd is the source root
}

// ---- the page ----

TEST(Tutorial, EveryCommandPrintsWhatThePageShows) {
  const std::string page_name = "docs/tutorial.md";
  const std::string path = std::string(TF_SOURCE_ROOT) + "/" + page_name;
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "cannot read " << path;
  std::ostringstream text;
  text << in.rdbuf();
  const std::vector<std::string> lines = split_lines(text.str());
  const Page page = parse_page(lines);
  ASSERT_EQ(page.error, "") << page_name << ":" << page.error_line << ": " << page.error;
  ASSERT_FALSE(page.commands.empty()) << page_name << " has no console block";

  const char* update_env = std::getenv("TF_TUTORIAL_UPDATE");
  const bool update = update_env != nullptr && std::string(update_env) == "1";
  const std::string binary_dir =
      std::string(TF_BINARY).substr(0, std::string(TF_BINARY).rfind('/'));
  std::vector<std::vector<std::string>> actual(page.commands.size());
  for (std::size_t i = 0; i < page.commands.size(); ++i) {
    const Command& c = page.commands[i];
    const Outcome run = run_command(c.text);
    if (const std::optional<std::string> why = shown_lines(run, actual[i])) {
      ADD_FAILURE() << page_name << ":" << c.line << ": `" << c.text << "`: " << *why;
      continue;
    }
    // The page is read on other machines: no path of this one may appear in it.
    for (const std::string& own : {std::string(TF_SOURCE_ROOT), binary_dir})
      if (run.output.find(own) != std::string::npos)
        ADD_FAILURE() << page_name << ":" << c.line << ": `" << c.text
                      << "` prints an absolute path of this machine (" << own << "):\n"
                      << run.output;
    if (update) continue;
    if (const std::optional<std::string> diff = first_difference(page_name, c, lines, actual[i]))
      ADD_FAILURE() << *diff;
  }
  if (!update || HasFailure()) return;
  const std::vector<std::string> out = rewritten(lines, page, actual);
  if (out == lines) return;
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  for (const std::string& l : out) file << l << "\n";
  ASSERT_TRUE(file.good()) << "cannot write " << path;
  std::cout << "rewrote the outputs of " << page_name << "; review them with git diff\n";
}

}  // namespace
