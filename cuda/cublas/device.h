// The CUDA device cuBLAS runs on, as the CUDA runtime this library links sees it: whether there
// is one (and why not), and its facts for a report.
//
// Design note. Everything here works on a machine without a GPU or a driver: the runtime's
// cudaGetDeviceCount fails there (cudaErrorInsufficientDriver, cudaErrorNoDevice) or counts 0,
// and that becomes a reason string, never a crash. Every other function of tf_cublas asks
// device_unavailable() before it touches the device, so each of them returns a clean diagnostic
// without one. Device 0 is the device (the check runs one GPU).
#pragma once

#include <cstdint>
#include <string>

#include "ir/support/result.h"

namespace tf::cublas {

/// "" when a CUDA device is visible; otherwise why not: "no CUDA device is visible
/// (cudaGetDeviceCount: cudaErrorInsufficientDriver, CUDA driver version is insufficient ...)"
/// or "no CUDA device is visible (cudaGetDeviceCount found 0 devices)". Asked once per process.
const std::string& device_unavailable();

/// The versions of the libraries this build linked, known without a device: "cuBLAS 13.1.0,
/// cuBLASLt 130100, CUDA runtime 13000".
std::string library_versions();

/// What a report says about device 0.
struct DeviceFacts {
  std::string name;          ///< "NVIDIA H100 80GB HBM3"
  int major = 0, minor = 0;  ///< compute capability
  int multiprocessors = 0;
  std::int64_t memory_bytes = 0;  ///< global memory
  int driver_version = 0;         ///< cudaDriverGetVersion: 13000 for 13.0
  int runtime_version = 0;        ///< cudaRuntimeGetVersion
  int cublas_version = 0;         ///< CUBLAS_VERSION form: major * 10000 + minor * 100 + patch

  /// "sm_90" (the nvcc spelling of the compute capability).
  std::string arch() const;
};

/// The facts of device 0. Diagnostic (Eval) with device_unavailable()'s reason when there is no
/// device, or naming the runtime call that failed.
Result<DeviceFacts> device_facts();

}  // namespace tf::cublas
