// The device runtime of TileFoundry-C++'s generated CUDA: header-only, on the primitive layer
// (prim.h) so that one source compiles with nvcc for a GPU and with g++ against cuda/emu.
#pragma once

#include "cuda/runtime/block_scaled.h"
#include "cuda/runtime/cast_mode.h"
#include "cuda/runtime/copy_async.h"
#include "cuda/runtime/dtypes.h"
#include "cuda/runtime/gpu_memory.h"
#include "cuda/runtime/launch.h"
#include "cuda/runtime/loop.h"
#include "cuda/runtime/mma.h"
#include "cuda/runtime/ops.h"
#include "cuda/runtime/packed_f4.h"
#include "cuda/runtime/prim.h"
#include "cuda/runtime/view.h"
