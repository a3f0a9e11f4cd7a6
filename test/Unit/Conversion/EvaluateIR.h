//===- EvaluateIR.h - Fold the index arithmetic the geometry builds -*- C++ -*-===//
//
// Part of Tessera. The unit tests build the IR of the layout geometry on
// constant thread ids and evaluate it here, so that they check the IR the
// patterns emit rather than a second model of it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TEST_UNIT_CONVERSION_EVALUATEIR_H
#define TESSERA_TEST_UNIT_CONVERSION_EVALUATEIR_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include <gtest/gtest.h>

namespace tessera::lowering {

/// The value of the i32/i1 arithmetic (and i8 GEPs) `v` is built of, every
/// leaf a constant, a GEP from `base` counting as its byte offset (the base
/// is 0).
inline int64_t evaluate(mlir::Value v, mlir::Value base = {}) {
  using namespace mlir;
  if (base && v == base)
    return 0;
  Operation *op = v.getDefiningOp();
  auto arg = [&](unsigned i) { return evaluate(op->getOperand(i), base); };
  return llvm::TypeSwitch<Operation *, int64_t>(op)
      .Case([](arith::ConstantIntOp c) { return c.value(); })
      .Case([&](arith::AddIOp) { return arg(0) + arg(1); })
      .Case([&](arith::MulIOp) { return arg(0) * arg(1); })
      .Case([&](arith::DivUIOp) { return arg(0) / arg(1); })
      .Case([&](arith::RemUIOp) { return arg(0) % arg(1); })
      .Case([&](arith::XOrIOp) { return arg(0) ^ arg(1); })
      .Case([&](arith::AndIOp) { return arg(0) & arg(1); })
      .Case([&](arith::CmpIOp cmp) -> int64_t {
        switch (cmp.getPredicate()) {
        case arith::CmpIPredicate::eq:
          return arg(0) == arg(1);
        case arith::CmpIPredicate::ult:
          return uint64_t(arg(0)) < uint64_t(arg(1));
        default:
          ADD_FAILURE() << "unexpected predicate";
          return 0;
        }
      })
      .Case([&](LLVM::GEPOp gep) {
        int64_t offset = evaluate(gep.getBase(), base);
        for (auto index : gep.getIndices()) {
          if (auto value = dyn_cast<Value>(index))
            offset += evaluate(value, base);
          else
            offset += cast<IntegerAttr>(index).getInt();
        }
        return offset;
      })
      .Default([](Operation *op) -> int64_t {
        ADD_FAILURE() << "unexpected op " << op->getName().getStringRef().str();
        return 0;
      });
}

} // namespace tessera::lowering

#endif // TESSERA_TEST_UNIT_CONVERSION_EVALUATEIR_H
