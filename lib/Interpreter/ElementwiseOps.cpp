//===- ElementwiseOps.cpp - The arith and math ops ------------------------===//
//
// Part of Tessera. The elementwise op families of the interpreter: arith
// float and integer math (integer division by zero and signed overflow are
// errors), constants, comparisons, select, conversions, and the math
// functions, computed with the GPU numeric model of TileMath.h.
//
//===----------------------------------------------------------------------===//

#include "ProgramRunner.h"

#include "TileMath.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <type_traits>

// The GPU model rounds every f32 op separately: never fuse a*b+c into an FMA.
#pragma STDC FP_CONTRACT OFF

using namespace mlir;
using namespace tessera;
using namespace tessera::interp;

//===----------------------------------------------------------------------===//
// Shared handlers
//===----------------------------------------------------------------------===//

/// Applies `fn` (unary, binary or ternary) to the operands of a float op.
template <typename Fn>
LogicalResult ProgramRunner::floatOp(Operation *op, Fn fn) {
  Type type = op->getResult(0).getType();
  auto operand = [&](unsigned i) -> const RtValue & {
    return get(op->getOperand(i));
  };
  if constexpr (std::is_invocable_v<Fn, float>)
    set(op->getResult(0), mapFloat(type, fn, operand(0)));
  else if constexpr (std::is_invocable_v<Fn, float, float>)
    set(op->getResult(0), mapFloat(type, fn, operand(0), operand(1)));
  else
    set(op->getResult(0),
        mapFloat(type, fn, operand(0), operand(1), operand(2)));
  return success();
}

/// Applies `fn(a, b, width)` to the operands of a binary or unary integer op.
template <typename Fn>
LogicalResult ProgramRunner::intOp(Operation *op, Fn fn) {
  Type type = op->getResult(0).getType();
  unsigned width = intWidth(type);
  RtValue result =
      op->getNumOperands() == 1
          ? mapInt(
                type, [&](int64_t a) { return fn(a, 0, width); },
                get(op->getOperand(0)))
          : mapInt(
                type, [&](int64_t a, int64_t b) { return fn(a, b, width); },
                get(op->getOperand(0)), get(op->getOperand(1)));
  set(op->getResult(0), std::move(result));
  return success();
}

/// Integer divisions and remainders: `fn(a, b, width)` is only called with a
/// non-zero divisor and without signed overflow (MIN / -1); both are reported
/// as errors, as they are undefined behaviour in arith.
template <typename Fn>
LogicalResult ProgramRunner::intDivOp(Operation *op, Fn fn) {
  Type type = op->getResult(0).getType();
  unsigned width = intWidth(type);
  int64_t minValue =
      wrapToWidth(static_cast<int64_t>(uint64_t(1) << (width - 1)), width);
  bool divByZero = false, overflow = false;
  bool isSigned = isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
                      arith::FloorDivSIOp>(op);
  RtValue result = mapInt(
      type,
      [&](int64_t a, int64_t b) -> int64_t {
        if (b == 0) {
          divByZero = true;
          return 0;
        }
        if (isSigned && a == minValue && b == -1) {
          overflow = true;
          return 0;
        }
        return fn(a, b, width);
      },
      get(op->getOperand(0)), get(op->getOperand(1)));
  if (divByZero)
    return emitRuntimeError(op) << "divides by zero";
  if (overflow)
    return emitRuntimeError(op) << "overflows (minimum value divided by -1)";
  set(op->getResult(0), std::move(result));
  return success();
}

/// A conversion: element-by-element `fn(Element, srcType, dstType)`.
template <typename Fn>
LogicalResult ProgramRunner::castOp(Operation *op, Fn fn) {
  Type srcType = getElementTypeOrSelf(op->getOperand(0).getType());
  Type dstType = getElementTypeOrSelf(op->getResult(0).getType());
  set(op->getResult(0), mapElements(
                            op->getResult(0).getType(),
                            [&](Element e) { return fn(e, srcType, dstType); },
                            get(op->getOperand(0))));
  return success();
}

/// Converts an APFloat to double exactly (every supported type fits).
static double toDouble(const APFloat &value) {
  return FloatAttr::getValueAsDouble(value);
}

LogicalResult ProgramRunner::executeConstant(arith::ConstantOp op) {
  auto cached = launch.constants.find(op);
  if (cached != launch.constants.end()) {
    set(op.getResult(), cached->second);
    return success();
  }
  Type type = op.getType();
  RtValue result;
  Attribute value = op.getValue();
  if (auto floatAttr = dyn_cast<FloatAttr>(value)) {
    result = RtValue::scalar(type, fromFloat(floatAttr.getValueAsDouble()));
  } else if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    result = RtValue::scalar(
        type, fromInt(wrapToWidth(intAttr.getValue().getSExtValue(),
                                  intWidth(type))));
  } else if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    result = RtValue::alloc(type);
    MutableArrayRef<Element> out = result.mutableElements();
    if (isa<FloatType>(dense.getElementType())) {
      for (auto [i, element] : llvm::enumerate(dense.getValues<APFloat>()))
        out[i] = fromFloat(toDouble(element));
    } else {
      for (auto [i, element] : llvm::enumerate(dense.getValues<APInt>()))
        out[i] = fromInt(element.getSExtValue());
    }
  } else {
    return op.emitOpError() << "has a constant value the interpreter does not "
                               "support: "
                            << value;
  }
  launch.constants[op] = result;
  set(op.getResult(), std::move(result));
  return success();
}

LogicalResult ProgramRunner::executeCmpF(arith::CmpFOp op) {
  arith::CmpFPredicate predicate = op.getPredicate();
  set(op.getResult(),
      mapElements(
          op.getType(),
          [predicate](Element a, Element b) {
            return fromInt(compareFloats(predicate, a.f, b.f) ? -1 : 0);
          },
          get(op.getLhs()), get(op.getRhs())));
  return success();
}

LogicalResult ProgramRunner::executeCmpI(arith::CmpIOp op) {
  arith::CmpIPredicate predicate = op.getPredicate();
  unsigned width = intWidth(op.getLhs().getType());
  set(op.getResult(),
      mapElements(
          op.getType(),
          [predicate, width](Element a, Element b) {
            return fromInt(compareInts(predicate, a.i, b.i, width) ? -1 : 0);
          },
          get(op.getLhs()), get(op.getRhs())));
  return success();
}

LogicalResult ProgramRunner::executeSelect(arith::SelectOp op) {
  const RtValue &condition = get(op.getCondition());
  if (!isa<RankedTensorType>(condition.getType())) {
    set(op.getResult(), condition.getScalar().i ? get(op.getTrueValue())
                                                : get(op.getFalseValue()));
    return success();
  }
  set(op.getResult(),
      mapElements(
          op.getType(),
          [](Element c, Element a, Element b) { return c.i ? a : b; },
          condition, get(op.getTrueValue()), get(op.getFalseValue())));
  return success();
}

//===----------------------------------------------------------------------===//
// Families
//===----------------------------------------------------------------------===//

std::optional<LogicalResult> ProgramRunner::evalArithFloatOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](arith::AddFOp op) { return floatOp(op, addF); })
      .Case([&](arith::SubFOp op) { return floatOp(op, subF); })
      .Case([&](arith::MulFOp op) { return floatOp(op, mulF); })
      .Case([&](arith::DivFOp op) { return floatOp(op, divF); })
      .Case([&](arith::RemFOp op) {
        return floatOp(op, [](auto a, auto b) { return std::fmod(a, b); });
      })
      .Case([&](arith::NegFOp op) {
        return floatOp(op, [](auto a) { return -a; });
      })
      .Case([&](arith::MaximumFOp op) { return floatOp(op, extremumF<true>); })
      .Case([&](arith::MinimumFOp op) { return floatOp(op, extremumF<false>); })
      .Case(
          [&](arith::MaxNumFOp op) { return floatOp(op, extremumNumF<true>); })
      .Case(
          [&](arith::MinNumFOp op) { return floatOp(op, extremumNumF<false>); })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<LogicalResult> ProgramRunner::evalArithIntOp(Operation *op) {
  auto wrapping = [](auto fn) {
    return [fn](int64_t a, int64_t b, unsigned) {
      return static_cast<int64_t>(
          fn(static_cast<uint64_t>(a), static_cast<uint64_t>(b)));
    };
  };
  auto unsignedOp = [](auto fn) {
    return [fn](int64_t a, int64_t b, unsigned width) {
      return static_cast<int64_t>(
          fn(toUnsigned(a, width), toUnsigned(b, width)));
    };
  };
  auto floorDiv = [](int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  };
  auto ceilDiv = [](int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
  };

  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](arith::AddIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a + b; }));
      })
      .Case([&](arith::SubIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a - b; }));
      })
      .Case([&](arith::MulIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a * b; }));
      })
      .Case([&](arith::AndIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a & b; }));
      })
      .Case([&](arith::OrIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a | b; }));
      })
      .Case([&](arith::XOrIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a ^ b; }));
      })
      .Case([&](arith::MaxSIOp op) {
        return intOp(
            op, [](int64_t a, int64_t b, unsigned) { return std::max(a, b); });
      })
      .Case([&](arith::MinSIOp op) {
        return intOp(
            op, [](int64_t a, int64_t b, unsigned) { return std::min(a, b); });
      })
      .Case([&](arith::MaxUIOp op) {
        return intOp(op, unsignedOp([](uint64_t a, uint64_t b) {
                       return std::max(a, b);
                     }));
      })
      .Case([&](arith::MinUIOp op) {
        return intOp(op, unsignedOp([](uint64_t a, uint64_t b) {
                       return std::min(a, b);
                     }));
      })
      .Case([&](arith::ShLIOp op) {
        return intOp(op, [](int64_t a, int64_t b, unsigned width) -> int64_t {
          uint64_t shift = toUnsigned(b, width);
          return shift >= width
                     ? 0
                     : static_cast<int64_t>(static_cast<uint64_t>(a) << shift);
        });
      })
      .Case([&](arith::ShRSIOp op) {
        return intOp(op, [](int64_t a, int64_t b, unsigned width) -> int64_t {
          uint64_t shift = toUnsigned(b, width);
          return shift >= width ? (a < 0 ? -1 : 0) : a >> shift;
        });
      })
      .Case([&](arith::ShRUIOp op) {
        return intOp(op, [](int64_t a, int64_t b, unsigned width) -> int64_t {
          uint64_t shift = toUnsigned(b, width);
          return shift >= width
                     ? 0
                     : static_cast<int64_t>(toUnsigned(a, width) >> shift);
        });
      })
      .Case([&](arith::DivSIOp op) {
        return intDivOp(op,
                        [](int64_t a, int64_t b, unsigned) { return a / b; });
      })
      .Case([&](arith::RemSIOp op) {
        return intDivOp(op,
                        [](int64_t a, int64_t b, unsigned) { return a % b; });
      })
      .Case([&](arith::FloorDivSIOp op) {
        return intDivOp(
            op, [&](int64_t a, int64_t b, unsigned) { return floorDiv(a, b); });
      })
      .Case([&](arith::CeilDivSIOp op) {
        return intDivOp(
            op, [&](int64_t a, int64_t b, unsigned) { return ceilDiv(a, b); });
      })
      .Case([&](arith::DivUIOp op) {
        return intDivOp(
            op, unsignedOp([](uint64_t a, uint64_t b) { return a / b; }));
      })
      .Case([&](arith::RemUIOp op) {
        return intDivOp(
            op, unsignedOp([](uint64_t a, uint64_t b) { return a % b; }));
      })
      .Case([&](arith::CeilDivUIOp op) {
        return intDivOp(op, unsignedOp([](uint64_t a, uint64_t b) {
                          return a / b + (a % b != 0);
                        }));
      })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<LogicalResult> ProgramRunner::evalArithMiscOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](arith::ConstantOp op) { return executeConstant(op); })
      .Case([&](arith::CmpFOp op) { return executeCmpF(op); })
      .Case([&](arith::CmpIOp op) { return executeCmpI(op); })
      .Case([&](arith::SelectOp op) { return executeSelect(op); })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<LogicalResult> ProgramRunner::evalArithCastOp(Operation *op) {
  auto operand = [&](unsigned i) -> const RtValue & {
    return get(op->getOperand(i));
  };

  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<arith::ExtFOp, arith::TruncFOp>([&](auto op) {
        return setResult(op, convertFloats(operand(0), op.getType()));
      })
      .Case([&](arith::SIToFPOp op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromFloat(
              roundToFloatDType(static_cast<double>(e.i), floatDType(dst)));
        });
      })
      .Case([&](arith::UIToFPOp op) {
        return castOp(op, [](Element e, Type src, Type dst) {
          return fromFloat(roundToFloatDType(
              static_cast<double>(toUnsigned(e.i, intWidth(src))),
              floatDType(dst)));
        });
      })
      .Case([&](arith::FPToSIOp op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromInt(floatToSigned(e.f, intWidth(dst)));
        });
      })
      .Case([&](arith::FPToUIOp op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromInt(floatToUnsigned(e.f, intWidth(dst)));
        });
      })
      .Case<arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>([&](auto op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromInt(wrapToWidth(e.i, intWidth(dst)));
        });
      })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp>([&](auto op) {
        return castOp(op, [](Element e, Type src, Type dst) {
          return fromInt(
              wrapToWidth(static_cast<int64_t>(toUnsigned(e.i, intWidth(src))),
                          intWidth(dst)));
        });
      })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<LogicalResult> ProgramRunner::evalMathOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](math::Exp2Op op) { return floatOp(op, exp2F); })
      .Case([&](math::ExpOp op) {
        return floatOp(op, [](auto a) { return std::exp(a); });
      })
      .Case([&](math::ExpM1Op op) {
        return floatOp(op, [](auto a) { return std::expm1(a); });
      })
      .Case([&](math::Log2Op op) {
        return floatOp(op, [](auto a) { return std::log2(a); });
      })
      .Case([&](math::LogOp op) {
        return floatOp(op, [](auto a) { return std::log(a); });
      })
      .Case([&](math::Log1pOp op) {
        return floatOp(op, [](auto a) { return std::log1p(a); });
      })
      .Case([&](math::SqrtOp op) {
        return floatOp(op, [](auto a) { return std::sqrt(a); });
      })
      .Case([&](math::RsqrtOp op) {
        return floatOp(op,
                       [](auto a) { return decltype(a)(1) / std::sqrt(a); });
      })
      .Case([&](math::AbsFOp op) {
        return floatOp(op, [](auto a) { return std::fabs(a); });
      })
      .Case([&](math::TanhOp op) {
        return floatOp(op, [](auto a) { return std::tanh(a); });
      })
      .Case([&](math::ErfOp op) {
        return floatOp(op, [](auto a) { return std::erf(a); });
      })
      .Case([&](math::SinOp op) {
        return floatOp(op, [](auto a) { return std::sin(a); });
      })
      .Case([&](math::CosOp op) {
        return floatOp(op, [](auto a) { return std::cos(a); });
      })
      .Case([&](math::FloorOp op) {
        return floatOp(op, [](auto a) { return std::floor(a); });
      })
      .Case([&](math::CeilOp op) {
        return floatOp(op, [](auto a) { return std::ceil(a); });
      })
      .Case([&](math::PowFOp op) {
        return floatOp(op, [](auto a, auto b) { return std::pow(a, b); });
      })
      .Case([&](math::FmaOp op) {
        return floatOp(
            op, [](auto a, auto b, auto c) { return std::fma(a, b, c); });
      })
      .Case([&](math::AbsIOp op) {
        return intOp(op, [](int64_t a, int64_t, unsigned) {
          return static_cast<int64_t>(a < 0 ? 0 - static_cast<uint64_t>(a)
                                            : static_cast<uint64_t>(a));
        });
      })
      .Default([](Operation *) { return std::nullopt; });
}
