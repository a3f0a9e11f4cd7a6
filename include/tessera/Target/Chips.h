//===- Chips.h - The NVIDIA targets Tessera supports ------------*- C++ -*-===//
//
// Part of Tessera. One table of targets, used by the shared-memory
// allocator (budgets), the occupancy choice and the Target stage (PTX
// features). Depends on LLVM Support only.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TARGET_CHIPS_H
#define TESSERA_TARGET_CHIPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace tessera {

//===----------------------------------------------------------------------===//
// Supported targets
//===----------------------------------------------------------------------===//

/// What Tessera knows about one NVIDIA target.
struct ChipInfo {
  /// The name ptxas and the NVPTX back end use ("sm_90a").
  llvm::StringLiteral name;
  /// The PTX ISA feature the target needs by default ("+ptx80").
  llvm::StringLiteral defaultFeatures;
  /// The most dynamic shared memory one CTA may opt into, in bytes.
  uint64_t sharedMemoryBudget;
  /// Whether the target has Hopper's warpgroup MMA (wgmma.mma_async): only
  /// the architecture-specific sm_90a.
  bool hasWgmma = false;

  /// The alignment of shared-memory buffers: 1024 bytes where wgmma reads
  /// them (its 128-byte swizzle repeats every 8 rows of 128 bytes), 128
  /// otherwise.
  uint64_t sharedAlignment() const { return hasWgmma ? 1024 : 128; }
};

/// The targets Tessera compiles for, oldest first.
llvm::ArrayRef<ChipInfo> supportedChips();

/// The entry of `chip`, or an error that lists the supported targets.
llvm::Expected<const ChipInfo &> lookupChip(llvm::StringRef chip);

/// The most bytes of kernel parameters (`.param` space) ptxas accepts for
/// one kernel on `chip` with its default PTX version: 4352 below PTX ISA 8.1,
/// 32764 from 8.1 on (measured with ptxas 13.0; PTX ISA "Kernel Function
/// Parameters"). Parameters are laid out at multiples of their sizes.
uint64_t kernelParamSpace(const ChipInfo &chip);

/// The shared-memory budget of one CTA on `chip` in bytes (the opt-in
/// maximum of cudaFuncAttributeMaxDynamicSharedMemorySize), or 0 when
/// `chip` is not supported.
uint64_t sharedMemoryBudget(llvm::StringRef chip);

} // namespace tessera

#endif // TESSERA_TARGET_CHIPS_H
