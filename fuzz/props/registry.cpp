// Every property of `tf fuzz`, in the order `tf fuzz --list` prints them (fuzz/campaign/property.h).
#include "fuzz/campaign/property.h"
#include "fuzz/props/hir_eval_props.h"
#include "fuzz/props/layout_props.h"
#include "fuzz/props/lowering_props.h"
#include "fuzz/props/machine_props.h"
#include "fuzz/props/text_props.h"
#include "fuzz/props/verify_props.h"
#ifdef TF_HAVE_CUDA_HEADERS
#include "fuzz/props/cast_props.h"
#endif
#ifdef TF_HAVE_CUDA_EMU
#include "cuda/driver/backend_run.h"
#include "cuda/driver/prefetch.h"
#include "fuzz/props/backend_props.h"
#endif

namespace tf::fuzz {
namespace {

std::string always_available() { return ""; }

std::vector<Property> make_properties() {
  std::vector<Property> ps{
      {"text-roundtrip", "generated HIR and TIR programs read, verify and print to a fixed point", text_roundtrip_case, always_available, 1},
      {"reader-total", "mutated tfir never crashes the reader or verifiers; every diagnostic is placed", reader_total_case, always_available, 1},
#ifdef TF_HAVE_CUDA_HEADERS
      {"casts-vs-cuda", "conversions to every narrow float agree with the CUDA headers' on ties and specials", casts_vs_cuda_case, always_available, 1},
#else
      {"casts-vs-cuda", "conversions to every narrow float agree with the CUDA headers' on ties and specials", [] {},
       [] { return std::string("this build has no CUDA headers"); }, 1},
#endif
      {"verify-sound", "generated programs verify; a one-step invalid mutation fails with its rule id", verify_sound_case, always_available, 1},
      {"layout-laws", "the layout algebra's laws against brute-force enumeration", layout_laws_case, always_available, 1},
      {"mesh-laws", "meshes, slices, barriers and ShardLayouts against brute-force oracles", mesh_laws_case, always_available, 1},
      {"hir-eval", "the HIR evaluator is deterministic and printing keeps every value", hir_eval_case, always_available, 1},
      {"hir-vs-tir", "lowered programs compute the HIR evaluator's bits on the TIR machine model", hir_vs_tir_case, always_available, 4},
      {"tir-race-free", "race-free kernels run without UB and give the same bits under every schedule", tir_race_free_case, always_available, 4},
      {"tir-race-found", "a kernel with a needed Sync deleted is reported as a race", tir_race_found_case, always_available, 2},
      {"tir-schedule-verdict", "a kernel's verdict (clean with its bits, or its UB kind) is the same under five schedules",
       tir_schedule_verdict_case, always_available, 5},
  };
#ifdef TF_HAVE_CUDA_EMU
  ps.push_back({"tir-vs-emu", "emitted CUDA under the host emulation computes the machine model's bits", tir_vs_emu_case, always_available, 100,
                cuda::backend_prefetch()});  // the next cases' modules compiled in one batch
  const auto gpu_available = [] { return cuda::gpu_unavailable(); };
  ps.push_back({"tir-vs-gpu", "emitted CUDA on a GPU computes the machine model's bits", tir_vs_gpu_case, gpu_available, 100,
                cuda::backend_prefetch()});  // batches compiled side by side, one per core
  ps.push_back({"hir-vs-emu", "lowered programs as emitted CUDA under the host emulation compute the HIR evaluator's bits", hir_vs_emu_case,
                always_available, 100, cuda::backend_prefetch()});
  ps.push_back({"hir-vs-gpu", "lowered programs as emitted CUDA on a GPU compute the HIR evaluator's bits", hir_vs_gpu_case, gpu_available,
                100, cuda::backend_prefetch()});
#else
  const auto no_backend = [] { return std::string("this build has no CUDA headers (the backend is left out)"); };
  ps.push_back({"tir-vs-emu", "emitted CUDA under the host emulation computes the machine model's bits", [] {}, no_backend, 100});
  ps.push_back({"tir-vs-gpu", "emitted CUDA on a GPU computes the machine model's bits", [] {}, no_backend, 100});
  ps.push_back({"hir-vs-emu", "lowered programs as emitted CUDA under the host emulation compute the HIR evaluator's bits", [] {}, no_backend,
                100});
  ps.push_back({"hir-vs-gpu", "lowered programs as emitted CUDA on a GPU compute the HIR evaluator's bits", [] {}, no_backend, 100});
#endif
  return ps;
}

}  // namespace

const std::vector<Property>& properties() {
  static const std::vector<Property> ps = make_properties();
  return ps;
}

const Property* find_property(std::string_view name) {
  for (const Property& p : properties())
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace tf::fuzz
