//===- ProgramRunner.h - Interpreting one program of a kernel ---*- C++ -*-===//
//
// Part of Tessera. Private to lib/Interpreter. A ProgramRunner walks the ops
// of a kernel for one program (one CTA) of its grid. `execute` dispatches
// each op to the evaluation function of its family; the families are
// defined in ProgramRunner.cpp (tile, scf) and ElementwiseOps.cpp (arith,
// math).
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_INTERPRETER_PROGRAMRUNNER_H
#define TESSERA_LIB_INTERPRETER_PROGRAMRUNNER_H

#include "RtValue.h"

#include "tessera/Interpreter/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

#include <array>
#include <optional>

namespace tessera::interp {

using llvm::DenseMap;
using llvm::SmallVectorImpl;
using mlir::Block;
using mlir::InFlightDiagnostic;
using mlir::LogicalResult;
using mlir::Operation;
using mlir::Value;
using mlir::ValueRange;

/// What all programs of one launch share.
struct LaunchState {
  LaunchConfig config;
  /// arith.constant values, built once per launch.
  DenseMap<Operation *, RtValue> constants;
};

/// Interprets one program (one CTA) of a kernel.
class ProgramRunner {
public:
  ProgramRunner(LaunchState &launch, std::array<int64_t, 3> programId)
      : launch(launch), programId(programId) {}

  /// Runs `block` with `args` bound to its arguments; on the terminator
  /// (scf.yield or func.return) returns its operands in `results`.
  LogicalResult runBlock(Block &block, ArrayRef<RtValue> args,
                         SmallVectorImpl<RtValue> &results);

private:
  LogicalResult execute(Operation &op);

  const RtValue &get(Value value) const {
    auto it = values.find(value);
    assert(it != values.end() && "use of a value that was never computed");
    return it->second;
  }
  void set(Value value, RtValue rt) { values[value] = std::move(rt); }
  int64_t getInt(Value value) const { return get(value).getScalar().i; }
  double getFloat(Value value) const { return get(value).getScalar().f; }
  SmallVector<int64_t, 4> getInts(ValueRange range) const {
    return llvm::map_to_vector<4>(range, [&](Value v) { return getInt(v); });
  }

  /// Reports an error at `op`, with a note naming the program.
  InFlightDiagnostic emitRuntimeError(Operation *op);

  /// Sets the single result of `op`.
  LogicalResult setResult(Operation *op, RtValue value) {
    set(op->getResult(0), std::move(value));
    return mlir::success();
  }

  // The op families. Each evaluates the ops it covers and returns
  // std::nullopt for any other op, so that `execute` can try them in turn.
  /// tile ops: program identity, views, loads and stores, tile construction,
  /// dot, reductions and online_softmax (ProgramRunner.cpp).
  std::optional<LogicalResult> evalTileOp(Operation *op);
  /// scf.for and scf.if (ProgramRunner.cpp).
  std::optional<LogicalResult> evalScfOp(Operation *op);
  /// arith float math (ElementwiseOps.cpp, as are the families below).
  std::optional<LogicalResult> evalArithFloatOp(Operation *op);
  /// arith integer math, shifts, divisions and remainders.
  std::optional<LogicalResult> evalArithIntOp(Operation *op);
  /// arith.constant, comparisons and arith.select.
  std::optional<LogicalResult> evalArithMiscOp(Operation *op);
  /// arith conversions between float, integer and index types.
  std::optional<LogicalResult> evalArithCastOp(Operation *op);
  /// math functions.
  std::optional<LogicalResult> evalMathOp(Operation *op);

  // Handlers shared within a family.
  LogicalResult executeConstant(mlir::arith::ConstantOp op);
  template <typename Fn> LogicalResult floatOp(Operation *op, Fn fn);
  template <typename Fn> LogicalResult intOp(Operation *op, Fn fn);
  template <typename Fn> LogicalResult intDivOp(Operation *op, Fn fn);
  template <typename Fn> LogicalResult castOp(Operation *op, Fn fn);
  LogicalResult executeCmpF(mlir::arith::CmpFOp op);
  LogicalResult executeCmpI(mlir::arith::CmpIOp op);
  LogicalResult executeSelect(mlir::arith::SelectOp op);
  LogicalResult executeLoad(tile::LoadOp op);
  LogicalResult executeLoadScalar(tile::LoadScalarOp op);
  LogicalResult executeStoreScalar(tile::StoreScalarOp op);
  LogicalResult executeStore(tile::StoreOp op);
  LogicalResult executeAtomicAdd(tile::AtomicAddOp op);
  LogicalResult executeFor(mlir::scf::ForOp op);
  LogicalResult executeIf(mlir::scf::IfOp op);
  LogicalResult executeOnlineSoftmax(tile::OnlineSoftmaxOp op);

  LaunchState &launch;
  std::array<int64_t, 3> programId;
  DenseMap<Value, RtValue> values;
};

} // namespace tessera::interp

#endif // TESSERA_LIB_INTERPRETER_PROGRAMRUNNER_H
