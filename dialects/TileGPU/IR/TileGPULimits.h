//===- TileGPULimits.h - Target-independent bounds of tilegpu ---*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Bounds the tilegpu verifiers apply without knowing the target, in a
/// header free of MLIR so that lib/Target can check them against its chip
/// table (lib/Target/Chips.cpp) without the dialect including that table.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_DIALECTS_TILEGPU_IR_TILEGPULIMITS_H
#define TESSERA_DIALECTS_TILEGPU_IR_TILEGPULIMITS_H

#include <cstdint>

namespace tessera {
namespace tilegpu {

/// The most shared memory one CTA can have on any supported chip, in bytes
/// (227 KiB: sm_90, sm_90a, sm_100): the bound of a `#tilegpu.shared` tile
/// and of `tilegpu.shared_offset`. The budget of the chip compiled for is
/// checked later, by tilegpu-allocate-shared. lib/Target/Chips.cpp asserts
/// at compile time that this is the largest budget of its table.
constexpr int64_t kMaxSharedMemoryBytes = 232448;

} // namespace tilegpu
} // namespace tessera

#endif // TESSERA_DIALECTS_TILEGPU_IR_TILEGPULIMITS_H
