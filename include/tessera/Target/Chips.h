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

} // namespace tessera

#endif // TESSERA_TARGET_CHIPS_H
