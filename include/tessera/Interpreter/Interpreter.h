//===- Interpreter.h - CPU interpreter of tile-dialect kernels --*- C++ -*-===//
//
// Part of Tessera. Runs a tile kernel (a `func.func` marked `tile.kernel`) on
// the CPU over its whole grid, with the GPU's numeric model:
//   - f16/bf16 values are stored rounded (round to nearest even on every
//     `arith.truncf`, on every f16/bf16 op result and on stores to f16/bf16
//     views); loads and `arith.extf` widen exactly;
//   - f32 ops are computed in `float` (not `double`), transcendental functions
//     with the C library's float versions (`exp2f`, ...);
//   - `tile.dot` accumulates in fp32, `tile.online_softmax` computes exactly
//     the steps that `tile-decompose-online-softmax` writes out, so the fused
//     and decomposed forms of a kernel give bit-identical results.
// Errors (bad arguments, unsupported ops or types, integer division by zero)
// are reported through the MLIRContext's diagnostic engine at the location of
// the op or kernel concerned; the interpreter never aborts on valid IR.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_INTERPRETER_INTERPRETER_H
#define TESSERA_INTERPRETER_INTERPRETER_H

#include "tessera/Interpreter/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <string>
#include <utility>

namespace tessera::interp {

/// One kernel argument: a host tensor for a `!tile.view` parameter, or a
/// scalar for an integer, index or float parameter. A tensor argument is
/// borrowed: it must outlive the call to `runKernel`.
class KernelArg {
public:
  static KernelArg tensor(Tensor &tensor) { return KernelArg(&tensor, 0.0); }
  static KernelArg scalar(double value) { return KernelArg(nullptr, value); }

  bool isTensor() const { return tensorPtr != nullptr; }
  Tensor &getTensor() const { return *tensorPtr; }
  double getScalar() const { return scalarValue; }

private:
  KernelArg(Tensor *tensor, double scalar)
      : tensorPtr(tensor), scalarValue(scalar) {}
  Tensor *tensorPtr;
  double scalarValue;
};

/// Where and how a kernel runs: the symbolic sizes bound from the arguments'
/// `tile.shape`s (in `tile.sizes` order) and the grid they give.
struct LaunchConfig {
  llvm::SmallVector<std::pair<std::string, int64_t>> sizes;
  std::array<int64_t, 3> grid = {1, 1, 1};
};

/// Returns true if `func` is a kernel (carries `tile.kernel`).
bool isKernel(mlir::func::FuncOp func);

/// Returns the source name of argument `index` of `kernel` (its `tile.name`,
/// as the frontend sets it), or an empty string.
std::string getArgumentName(mlir::func::FuncOp kernel, unsigned index);

/// Returns the integer value of `tile.constants[name]` (integer or bool), or
/// std::nullopt when the kernel has no such constant.
std::optional<int64_t> getKernelConstant(mlir::func::FuncOp kernel,
                                         llvm::StringRef name);

/// Checks `args` against the kernel signature (count, scalar vs tensor,
/// dtype, rank, the fixed and symbolic dimensions of `tile.shape`, each size
/// bound consistently) and evaluates `tile.grid` on the bound sizes. A kernel
/// that tilegpu-persistent has rewritten (`tilegpu.persistent`: its body
/// loops over the programs of `tile.grid` itself) gets a grid of
/// min(programs, `ctas`) along axis 0, every program's own CTA when `ctas`
/// is 0 (the GPU runtime launches the CTAs that fit).
mlir::FailureOr<LaunchConfig> resolveLaunch(mlir::func::FuncOp kernel,
                                            llvm::ArrayRef<KernelArg> args,
                                            int64_t ctas = 0);

/// Runs every program of `kernel`'s grid, in order (axis 0 fastest), on
/// `args`; tensors are read and written in place. `ctas`: as resolveLaunch.
mlir::LogicalResult runKernel(mlir::func::FuncOp kernel,
                              llvm::ArrayRef<KernelArg> args, int64_t ctas = 0);

} // namespace tessera::interp

#endif // TESSERA_INTERPRETER_INTERPRETER_H
