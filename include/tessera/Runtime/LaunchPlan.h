//===- LaunchPlan.h - Kernel arguments checked against a manifest -*- C++
//-*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Argument descriptors (tensors and scalars) and `planLaunch`, which checks
/// them against a manifest — count, kinds, dtypes, ranks, fixed sizes,
/// consistent symbolic sizes across tensors, sizes and strides whose element,
/// byte and address arithmetic fits in 64 bits, the pointer and stride
/// alignment the manifest's "align" asks for —
/// binds the symbolic sizes, evaluates the grid, and packs the kernel's
/// `.param` values. It needs no GPU, so all of it is unit-tested on a CPU.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_RUNTIME_LAUNCHPLAN_H
#define TESSERA_RUNTIME_LAUNCHPLAN_H

#include "tessera/Runtime/Manifest.h"
#include "tessera/Runtime/Status.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tessera {
namespace runtime {

/// A tensor argument: a device pointer with dtype, sizes and strides (in
/// elements, like PyTorch).
struct TensorArg {
  uint64_t data = 0; ///< Device address (CUdeviceptr).
  DType dtype = DType::F32;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;

  /// A row-major contiguous tensor. A stride that would overflow int64 is
  /// INT64_MAX (and rejected by planLaunch).
  static TensorArg contiguous(uint64_t data, DType dtype,
                              std::vector<int64_t> sizes);
  /// Number of elements (product of sizes); -1 when it overflows int64.
  int64_t numElements() const;
};

/// A scalar argument; converted to the parameter's dtype when packed.
struct ScalarArg {
  bool isFloat = false;
  double floatValue = 0;
  int64_t intValue = 0;

  static ScalarArg ofFloat(double value);
  static ScalarArg ofInt(int64_t value);
};

/// One kernel argument: a tensor or a scalar.
class KernelArg {
public:
  KernelArg(TensorArg tensor) : isTensor_(true), tensor_(std::move(tensor)) {}
  KernelArg(ScalarArg scalar) : isTensor_(false), scalar_(scalar) {}

  bool isTensor() const { return isTensor_; }
  const TensorArg &tensor() const { return tensor_; }
  const ScalarArg &scalar() const { return scalar_; }

private:
  bool isTensor_;
  TensorArg tensor_;
  ScalarArg scalar_;
};

/// Everything `cuLaunchKernel` needs, computed from checked arguments.
/// A tensor map to encode at launch (cuTensorMapEncodeTiled) for one of
/// the manifest's "tensor_maps", from its tensor argument. Arrays are
/// innermost dimension first, as the driver takes them.
struct TensorMapRequest {
  DType dtype = DType::F16;
  uint64_t address = 0;
  unsigned rank = 0;
  std::array<uint64_t, kMaxTensorMapRank> dims = {};
  /// Bytes between consecutive indices of dimensions 1 .. rank-1.
  std::array<uint64_t, kMaxTensorMapRank - 1> strides = {};
  std::array<uint32_t, kMaxTensorMapRank> box = {};
  int64_t swizzle = 128;
};

class LaunchPlan {
public:
  std::array<unsigned, 3> grid = {1, 1, 1};
  std::array<unsigned, 3> block = {1, 1, 1};
  unsigned dynamicSharedMemory = 0;
  /// The symbolic sizes bound from the tensor arguments.
  SymbolTable sizes;
  /// The tensor maps to pass after the packed `.param`s, in manifest order.
  std::vector<TensorMapRequest> tensorMaps;

  /// Appends one `.param` value of `bytes` (4 or 8) bytes.
  void addParam(const void *value, size_t bytes);
  /// Number of packed `.param`s.
  size_t numParams() const { return slots_.size(); }
  /// Byte size of packed `.param` `index`.
  size_t paramSize(size_t index) const { return sizes_[index]; }
  /// Pointers to each packed value, as `cuLaunchKernel`'s kernelParams wants.
  /// Valid while this plan is alive and unmodified.
  std::vector<void *> paramPointers() const;

private:
  std::vector<uint64_t> slots_;
  std::vector<size_t> sizes_;
};

/// Binds the symbolic sizes of the tensor arguments (checking them) without
/// computing the grid.
Expected<SymbolTable> bindSizes(const Manifest &manifest,
                                const std::vector<KernelArg> &args);

/// Checks `args` against `manifest` and computes the launch. Errors name the
/// argument: "argument 1 (K): expected dtype f16, got f32",
/// "argument 0 (Q): sizes [4294967296, 4294967296]: the element count
/// overflows 64 bits".
Expected<LaunchPlan> planLaunch(const Manifest &manifest,
                                const std::vector<KernelArg> &args);

/// "[x, y, z]", for messages about grids and blocks.
std::string dim3String(const std::array<unsigned, 3> &dims);

/// The grid to launch for the programs of `grid`: `grid` itself, or for a
/// persistent kernel (`manifest.persistent`) min(programs, `residentCtas`)
/// CTAs in one dimension, where `residentCtas` is what the GPU holds at
/// once. A persistent kernel counts its programs in 32 bits: more than
/// 2^31 - 1 are an error naming the kernel and the grid.
Expected<std::array<unsigned, 3>>
launchGridFor(const Manifest &manifest, const std::array<unsigned, 3> &grid,
              int64_t residentCtas);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_RUNTIME_LAUNCHPLAN_H
