//===- Chips.cpp - The NVIDIA targets Tessera supports --------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Target/Chips.h"

#include "TileGPU/IR/TileGPULimits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace tessera {

//===----------------------------------------------------------------------===//
// Supported targets
//===----------------------------------------------------------------------===//

// Budgets are the per-block opt-in maxima of the CUDA programming guide
// ("Compute Capabilities", table "Technical Specifications"): 163 KB on
// 8.0, 99 KB on 8.6/8.9/12.0, 227 KB on 9.0 and 10.0. (Which chips have
// wgmma, TMA and setmaxnreg is the NVVM dialect's knowledge:
// tilegpu::chipHasWgmma.)
static constexpr ChipInfo kChips[] = {
    {"sm_80", "+ptx80", 166912},  {"sm_86", "+ptx80", 101376},
    {"sm_89", "+ptx80", 101376},  {"sm_90", "+ptx80", 232448},
    {"sm_90a", "+ptx80", 232448}, {"sm_100", "+ptx86", 232448},
    {"sm_120", "+ptx87", 101376},
};

/// The largest budget of the table.
static constexpr uint64_t mostSharedMemory() {
  uint64_t most = 0;
  for (const ChipInfo &chip : kChips)
    most = std::max(most, chip.sharedMemoryBudget);
  return most;
}
// The tilegpu verifiers bound shared tiles and offsets without a target.
static_assert(mostSharedMemory() == uint64_t(tilegpu::kMaxSharedMemoryBytes),
              "update kMaxSharedMemoryBytes in TileGPU/IR/TileGPULimits.h");

llvm::ArrayRef<ChipInfo> supportedChips() { return kChips; }

static const ChipInfo *findChip(llvm::StringRef chip) {
  const ChipInfo *it = llvm::find_if(
      kChips, [&](const ChipInfo &info) { return info.name == chip; });
  return it == std::end(kChips) ? nullptr : it;
}

llvm::Expected<const ChipInfo &> lookupChip(llvm::StringRef chip) {
  if (const ChipInfo *info = findChip(chip))
    return *info;
  std::string names;
  llvm::raw_string_ostream os(names);
  llvm::interleaveComma(kChips, os,
                        [&](const ChipInfo &info) { os << info.name; });
  return llvm::createStringError("unsupported target '" + chip +
                                 "' (supported: " + names + ")");
}

uint64_t kernelParamSpace(const ChipInfo &chip) {
  unsigned version = 0;
  llvm::StringRef features = chip.defaultFeatures;
  if (features.consume_front("+ptx"))
    (void)features.getAsInteger(10, version);
  return version >= 81 ? 32764 : 4352;
}

} // namespace tessera
