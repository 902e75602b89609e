// `tf import`: upstream TileFoundry's printed HIR (a Python subset) read as tfir (docs/import.md).
//
// Design note. The importer translates the printed Python into tfir text and hands that to the
// tfir reader, so an imported program is exactly the IR the same tfir would build, and every
// rule the reader and the verifiers enforce applies unchanged. The translation keeps lines: the
// tfir of a statement starts on the line of its Python statement (at its column where it can),
// the `tfir 1` header takes the place of the first import line, and a block's closing brace
// ends its last line. So a diagnostic about the tfir is a diagnostic at the right line of the
// .py file, and `tf eval`, `tf check` and `tf conform` can take a .py file directly. (A file
// whose first line is not an import has its lines shifted by one; read_upstream_file maps them
// back.) What the printer writes is translated construct by construct:
//   header       `from ... import ...` lines are skipped
//   preludes     `N = DimVar("N", lo, hi)` -> `dim N = ...`; `m = Mesh(..., names=('a',))` -> `mesh`
//   functions    `@func def f(...) -> T:` -> `func f(...) -> T {`; a tuple result (no `->`) takes
//                the body's type; a `pass` body is a dispatch prototype and
//                `@f.specialize(DimVarRangePat("N", lo, hi)) def g(...)` a `specialize` item
//   modules      `@module(entry="E", ...) class C:` -> its functions, a nested module's named
//                CHILD__NAME, `entry E` for the outermost; `v = child(args)` calls the child's entry
//   types        `Tensor[(8,), "f32", LAYOUT, "smem"]` -> `Tensor[(8,), f32, layout=.., storage=smem]`,
//                the layout sugar `(8 @ m.a, 4)` / `((..), (strides), {m.b @ P("sum")})` spelled
//                out as the ShardLayout it means (C-order strides, Broadcast on unnamed axes)
//   bindings     ops as written (the tfir reader knows upstream's aliases), string attribute
//                values bare (`kind="sum"` -> `kind=sum`), `True` -> `true`, `1e999` -> `inf`;
//                a constant `v = 1.5` takes the dtype of the first operand it meets (f32, i64
//                or bool when it meets none); `x[a:b, :]` and tile windows -> `slice`
//   loops        `for i in range(..):` whose body ends in `carry = new` lines -> a tfir loop with
//                those carries and one yield; after a loop of several carries each carry's name
//                reads its element of the loop's tuple
// The types a translation needs (a constant's partner, the extent behind `:`, a tuple result)
// come from the tfir reader itself: the function's bindings, loops flattened, are read as they
// are written (type_probe.h), and the type of a name is the one the reader bound to it.
// Anything outside the subset is a diagnostic at its place.
#pragma once

#include <string>
#include <string_view>

#include "ir/core/context.h"
#include "ir/support/result.h"
#include "ir/text/file_reader.h"

namespace tf::upstream {

/// The tfir translation of a printed upstream program (design note).
struct Imported {
  std::string tfir;     ///< the tfir text
  int line_shift = 0;   ///< tfir line = .py line + line_shift (1 when line 1 held code)
};

/// Translates the printed program `source` (diagnostics name `file`); ops resolve in `context`.
Result<Imported> import_upstream(std::string_view source, const std::string& file, const Context& context);

/// Translates and reads `source`, diagnostics placed in the .py file.
Result<text::ReadFile> read_upstream_file(std::string_view source, const std::string& file, const Context& context);

/// Whether `path` names a printed upstream program (ends in .py).
bool is_upstream_path(std::string_view path);

/// The tfir text of the program file at `path`: the file itself, or for a .py file its
/// translation (so that every command that reads tfir reads a printed upstream program too).
Result<std::string> read_program_text(const std::string& path, const Context& context);

}  // namespace tf::upstream
