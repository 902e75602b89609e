// Building the value of a keyword attribute from its tfir syntax, given the attribute's family
// (docs/tfir.md section 5 lists the nine kinds: literals, dtypes, storages, tuples, types,
// layouts, meshes, atoms and patterns).
//
// `None` is None for every family (the Call then checks that the attribute is optional). Enum
// values are bare names or quoted strings (`kind=mul`, `kind="mul"`), read against the EnumSpace
// the attribute's ParamDef names into an EnumAttr (ir/core/enum_space.h): this is the one place
// a spelling becomes a code, and a spelling outside the space is the op's type error, worded by
// the space as the op's type rule worded it before values were typed ("hir.math.Binary:
// unknown kind 'xor'; the kinds are ..."). A Layout attribute takes
// any layout expression or a declared layout name; a Mesh attribute a mesh expression, a
// declared mesh, a mesh bound by an enclosing `with`, or a static slice of one; an Atom attribute
// a declared atom name; a Pattern attribute `DimVarRangePat("N", lo, hi)`; a Dim attribute a
// dim expression; a DimTuple a tuple of them; an IntTuple a tuple of integers (`(3,)`, `()`).
// Every error is positioned at the value's node.
#pragma once

#include "ir/core/attr_value.h"
#include "ir/core/op.h"
#include "ir/support/result.h"
#include "ir/text/body_environment.h"
#include "ir/text/syntax.h"

namespace tf::text {

/// The value `node` denotes as attribute `param` of `op` (positioned diagnostics; an Enum
/// spelling outside param's space: unknown_enum_spelling, category Type, at `node`).
Result<AttrValue> build_attr_value(Op op, const ParamDef& param, const SyntaxNode& node,
                                   const BodyEnvironment& env);

/// The value `node` denotes as an attribute of family `kind`. Precondition (TF_CHECK): `kind` is
/// not Enum (an enum value needs its ParamDef's space: the overload above).
Result<AttrValue> build_attr_value(AttrKind kind, const SyntaxNode& node,
                                   const BodyEnvironment& env);

}  // namespace tf::text
