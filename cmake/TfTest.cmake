# The environment every test runs in: no test reads or fills the user's cache of compiled modules
# (cuda/driver/disk_cache.h; TF_CACHE_DIR=off), so a run never depends on what an earlier one left
# there. The cache's own tests name their folders.
set(TF_TEST_ENV "TF_CACHE_DIR=off")

# The precompiled header every test target reuses: only external and standard headers, so that
# no project edit rebuilds it.

add_library(tf_test_pch STATIC ${CMAKE_CURRENT_LIST_DIR}/test_pch.cpp)
target_link_libraries(tf_test_pch PUBLIC GTest::gtest rapidcheck fmt::fmt)
# The libraries are position-independent (the Python module links them); a precompiled header is
# reused only under the same flags, so the header and the test executables keep the compiler's
# default (POSITION_INDEPENDENT_CODE unset would give the header -fPIC and the tests -fPIE).
set_target_properties(tf_test_pch PROPERTIES POSITION_INDEPENDENT_CODE OFF)
target_precompile_headers(tf_test_pch PRIVATE
  <gtest/gtest.h> <rapidcheck.h> <rapidcheck/gtest.h> <fmt/format.h>
  <algorithm> <array> <cmath> <cstdint> <functional> <limits> <map> <memory> <optional> <set>
  <sstream> <string> <string_view> <tuple> <type_traits> <unordered_map> <unordered_set>
  <utility> <variant> <vector>)

# The test files that define a file-local helper (a function, constant or alias in an anonymous
# namespace) under a name a sibling file of their test also defines: each compiles alone, outside
# its test's unity batches. Renaming the helper (or sharing it through a header) takes a file off.
set(TF_UNITY_EXEMPT
  conformance/test/mesh_law_case_test.cpp
  cuda/driver/test/module_batch_test.cpp
  eval/hir/test/convert_eval_test.cpp
  eval/hir/test/norm_eval_test.cpp
  eval/hir/test/rope_quant_eval_test.cpp
  eval/hir/test/unary_eval_test.cpp
  eval/tir/test/exact_sum_test.cpp
  eval/tir/test/race_reference_test.cpp
  eval/tir/test/ub_report_test.cpp
  eval/value/test/compare_test.cpp
  eval/value/test/literal_random_test.cpp
  eval/value/test/literal_test.cpp
  ir/core/test/tuple_test.cpp
  ir/dtype/test/block_scaled_test.cpp
  ir/numerics/cuda_host/header_batch_test.cpp
  ir/text/test/enum_attr_reader_test.cpp
  ir/text/test/hir_reader_test.cpp
  ir/text/test/surface_rules_test.cpp
  ir/type/test/size_test.cpp
  ir/upstream/test/type_probe_test.cpp
  ir/verify/test/hir_dispatch_verify_test.cpp
  lower/test/hir_to_tir_forms_test.cpp
  lower/test/host_entry_test.cpp
  lower/test/lowering_limits_test.cpp
  lower/test/mma_rule_test.cpp
  lower/test/pass_manager_test.cpp
  tools/tf/test/emit_run_command_test.cpp
  tools/tf/test/one_voice_test.cpp)

# tf_add_test(NAME SOURCES a.cpp ... LIBS lib ... LABELS unit ...)
# One gtest executable registered with ctest; labels select suites (unit, conformance, fuzz,
# cuda-host, emu, gpu, bench). Timeouts are generous safety nets, never speed assertions.
#
# Every test target reuses one precompiled header (tf_test_pch above): GoogleTest, RapidCheck,
# fmt and the standard headers the tests use, parsed once per build instead of once per test
# file.
function(tf_add_test name)
  cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;LIBS;LABELS;ARGS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main rapidcheck)
  tf_fast_allocator(${name})
  target_precompile_headers(${name} REUSE_FROM tf_test_pch)
  # A test of several files compiles them in batches of up to eight, one translation unit each
  # (a unity build): the project headers they share are parsed and their inline code generated
  # once per batch, not once per file (about half the compile time of such tests). A file whose
  # file-local helpers share a name with a sibling's compiles alone (TF_UNITY_EXEMPT).
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE OFF UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  foreach(src ${T_SOURCES})
    get_filename_component(abs "${src}" ABSOLUTE)
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${abs}")
    if(rel IN_LIST TF_UNITY_EXEMPT)
      set_source_files_properties("${src}" PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
  add_test(NAME ${name} COMMAND ${name} ${T_ARGS})
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 600)
  endif()
  set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
    ENVIRONMENT "RC_PARAMS=seed=20261129 max_success=200;${TF_TEST_ENV}")
endfunction()

# tf_add_fuzz_variant(NAME TARGET CASES n [LONG] [ARGS ...] [ENV VAR=value ...])
# Re-runs the property-test binary TARGET with RapidCheck's max_success raised to n, under label
# fuzz. The test presets (the README's test command) run it: a law that fails at its full count
# fails the run. Same seed as the unit run, so a failure reproduces.
#
# LONG adds the label `long` (variants of ten minutes or more here): the test presets leave them
# out, so that CI stays short; `tools/test --full` runs them, and does before an issue is closed.
# Their unit runs (fewer cases, same laws) stay in every run.
#
# Under the sanitizers (TF_SANITIZE) the variant runs with ASAN_OPTIONS=malloc_context_size=0:
# ASan then records no allocation / free stacks. Detection is unchanged (every bad access is
# still reported, with its own stack); what is lost is the "allocated at / freed at" part of a
# report (run the one failing test again with ASAN_OPTIONS unset to see it). Without it the
# stack depot grows with every distinct RapidCheck generation stack: CoreLaws at 10,000 cases ran
# 19 minutes and 8 GB before it was stopped, and 25 s with it.
function(tf_add_fuzz_variant name target)
  cmake_parse_arguments(F "LONG" "CASES" "ARGS;ENV" ${ARGN})
  add_test(NAME ${name} COMMAND ${target} ${F_ARGS})
  set(env "RC_PARAMS=seed=20261129 max_success=${F_CASES}" ${TF_TEST_ENV} ${F_ENV})
  # An hour at full count in the default build; the sanitizers slow the TIR machine law about
  # fifteenfold (about an hour on a shared 2-core machine), so they get three.
  set(timeout 3600)
  if(TF_SANITIZE)
    list(APPEND env "ASAN_OPTIONS=malloc_context_size=0")
    set(timeout 10800)
  endif()
  set(labels fuzz)
  if(F_LONG)
    list(APPEND labels long)
  endif()
  set_tests_properties(${name} PROPERTIES LABELS "${labels}" TIMEOUT ${timeout} ENVIRONMENT "${env}")
endfunction()
