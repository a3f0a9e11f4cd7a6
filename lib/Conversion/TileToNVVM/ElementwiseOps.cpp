//===- ElementwiseOps.cpp - Grid queries, tile construction, math ---------===//
//
// Part of Tessera. Ops whose slots map one to one onto the per-thread
// vectors: grid queries, splats, constants, iota, shape ops, broadcasts of
// slices, and elementwise arith and math.
//
//===----------------------------------------------------------------------===//

#include "PatternsCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

//===----------------------------------------------------------------------===//
// Patterns: grid and view queries
//===----------------------------------------------------------------------===//

template <typename SourceOp, typename X, typename Y, typename Z>
struct GridQueryLowering : public OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Location loc = op.getLoc();
    Value v;
    switch (op.getAxis()) {
    case 0:
      v = X::create(rewriter, loc, i32);
      break;
    case 1:
      v = Y::create(rewriter, loc, i32);
      break;
    default:
      v = Z::create(rewriter, loc, i32);
      break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: tile construction and shape ops
//===----------------------------------------------------------------------===//

struct SplatLowering : public OpConversionPattern<SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A tile without a layout converts to itself (legal, but not a vector).
    auto type =
        dyn_cast_if_present<VectorType>(getTypeConverter()->convertType(
            op.getType()));
    if (!type)
      return op.emitOpError("expected a tile with a register layout, got ")
             << op.getType();
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type,
                                                     adaptor.getValue());
    return success();
  }
};

struct ConstantLowering : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    if (!tensorType)
      return failure();
    auto type = dyn_cast_if_present<VectorType>(
        getTypeConverter()->convertType(tensorType));
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!type || !splat)
      return op.emitOpError("expected a splat constant tile with a layout");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    return success();
  }
};

struct IotaLowering : public OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // tile.iota is 1-D: a slice, or a 1-D blocked tile (indexed by rows).
    auto dist = Distribution::get(op.getType());
    if (!dist || dist->kind == Distribution::Mma)
      return op.emitOpError("expected a row or column slice layout or a "
                            "blocked one");
    Location loc = op.getLoc();
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    bool rows = dist->kind != Distribution::Cols;
    Value base = rows ? dist->rowBase(rewriter, loc, ids)
                      : dist->colBase(rewriter, loc, ids);
    SmallVector<int32_t> offsets;
    for (int64_t s = 0; s < dist->numSlots(); ++s) {
      SlotCoords c = dist->coords(s);
      offsets.push_back(rows ? c.rowConst : c.colConst);
    }
    auto vecType = VectorType::get({dist->numSlots()}, rewriter.getI32Type());
    Value consts = arith::ConstantOp::create(
        rewriter, loc, vecType,
        DenseElementsAttr::get(vecType, ArrayRef<int32_t>(offsets)));
    Value bases = vector::BroadcastOp::create(rewriter, loc, vecType, base);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, consts, bases);
    return success();
  }
};

/// Ops that only reinterpret the per-thread slots: expand_dims of a slice,
/// a broadcast that changes nothing. (tile.trans: ConvertLayout.cpp.)
template <typename SourceOp>
struct ForwardLowering : public OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type from = this->getTypeConverter()->convertType(op.getSrc().getType());
    Type to = this->getTypeConverter()->convertType(op.getType());
    if (!from || from != to)
      return rewriter.notifyMatchFailure(op, "slots change");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// broadcast of a row (M×1) or column (1×N) slice to the parent mma or
/// blocked tile: each parent slot takes the slice slot of its row or column.
/// A 1-D tile of one element in a blocked layout or a slice of one (every
/// thread holds the element in its slot 0) fills every slot of any layout.
struct BroadcastLowering : public OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = Distribution::get(op.getSrc().getType());
    auto dst = Distribution::get(op.getType());
    if (src && src->blocked && dst && op.getSrc().getType().getRank() == 1 &&
        op.getSrc().getType().getNumElements() == 1) {
      auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
      Value element =
          vector::ExtractOp::create(rewriter, op.getLoc(), adaptor.getSrc(), 0);
      rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type, element);
      return success();
    }
    if (!src || !dst ||
        (dst->kind != Distribution::Mma &&
         !(dst->kind == Distribution::Blocked && dst->blocked->rank() == 2)) ||
        (src->kind != Distribution::Rows && src->kind != Distribution::Cols))
      return rewriter.notifyMatchFailure(op, "not a slice-to-parent broadcast");
    bool rows = src->kind == Distribution::Rows;
    SmallVector<int64_t> mask;
    if (dst->blocked) {
      // Slots are row-major over (row slot, column slot).
      int64_t perRow = dst->blocked->elementsAlong(1);
      for (int64_t s = 0; s < dst->numSlots(); ++s)
        mask.push_back(rows ? s / perRow : s % perRow);
    } else {
      const MmaGeometry &g = dst->geom;
      for (int64_t mt = 0; mt < g.mTiles(); ++mt)
        for (int64_t nt = 0; nt < g.nTiles(); ++nt)
          for (int64_t c = 0; c < 4; ++c)
            mask.push_back(rows ? mt * 2 + c / 2 : nt * 2 + c % 2);
    }
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, adaptor.getSrc(),
                                                   adaptor.getSrc(), mask);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: elementwise math
//===----------------------------------------------------------------------===//

/// How a math op computes one f32 (or i32) element on the GPU from its
/// operands' elements. The error bounds of the approximate ones are in
/// docs/tile-language.md (Builtins).
using ElementMath = std::function<Value(OpBuilder &, Location, ValueRange)>;

/// An LLVM intrinsic of one f32 operand.
ElementMath intrinsic(StringRef name, double argScale = 1.0,
                      double resultScale = 1.0) {
  return [name, argScale, resultScale](OpBuilder &b, Location loc,
                                       ValueRange x) -> Value {
    Type f32 = b.getF32Type();
    auto scaled = [&](Value v, double scale) -> Value {
      if (scale == 1.0)
        return v;
      return LLVM::FMulOp::create(
          b, loc, v,
          LLVM::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(scale)));
    };
    Value r = LLVM::CallIntrinsicOp::create(b, loc, f32,
                                            b.getStringAttr(name),
                                            ValueRange{scaled(x[0], argScale)})
                  .getResult(0);
    return scaled(r, resultScale);
  };
}

/// One f32 PTX instruction `opcode $0, $1;` (for what has no intrinsic).
ElementMath ptxUnary(StringRef opcode) {
  return [opcode](OpBuilder &b, Location loc, ValueRange x) -> Value {
    return inlinePtx(b, loc, b.getF32Type(), ValueRange{x[0]},
                     (opcode + " $0, $1;").str(), "=f,f",
                     /*sideEffects=*/false)
        .getResult(0);
  };
}

/// The libdevice function (`__nv_sinf`: what CUDA's sinf and Triton's
/// libdevice functions are) that computes a math op, if one does: sin and
/// cos not as sin.approx / cos.approx, whose absolute error grows with |x|
/// (rotary angles reach thousands of radians), erf and pow as no
/// instruction can.
std::optional<StringRef> libdeviceFunction(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<StringRef>>(op)
      .Case([](math::SinOp) { return "__nv_sinf"; })
      .Case([](math::CosOp) { return "__nv_cosf"; })
      .Case([](math::ErfOp) { return "__nv_erff"; })
      .Case([](math::PowFOp) { return "__nv_powf"; })
      .Default([](Operation *) { return std::nullopt; });
}

/// A call of the libdevice function `name`, which MathLowering declares in
/// the gpu.module (the NVVM target links libdevice into the module before
/// the back end runs: tessera::translateToPTX).
ElementMath libdevice(StringRef name) {
  return [name](OpBuilder &b, Location loc, ValueRange x) -> Value {
    return LLVM::CallOp::create(b, loc, TypeRange{b.getF32Type()}, name, x)
        .getResult();
  };
}

std::optional<ElementMath> elementMathFor(Operation *op) {
  constexpr double kLog2E = 1.4426950408889634, kLn2 = 0.6931471805599453;
  if (std::optional<StringRef> name = libdeviceFunction(op))
    return libdevice(*name);
  return llvm::TypeSwitch<Operation *, std::optional<ElementMath>>(op)
      .Case([](math::Exp2Op) { return intrinsic("llvm.nvvm.ex2.approx.ftz.f"); })
      .Case([](math::ExpOp) {
        return intrinsic("llvm.nvvm.ex2.approx.ftz.f", kLog2E);
      })
      .Case([](math::Log2Op) { return intrinsic("llvm.nvvm.lg2.approx.ftz.f"); })
      .Case([](math::LogOp) {
        return intrinsic("llvm.nvvm.lg2.approx.ftz.f", 1.0, kLn2);
      })
      // Correctly rounded, like the interpreter's sqrtf.
      .Case([](math::SqrtOp) { return intrinsic("llvm.sqrt.f32"); })
      // One MUFU instruction, as Triton's rsqrt and CUDA's rsqrtf (the
      // correctly rounded sqrt and division are ~20).
      .Case([](math::RsqrtOp) { return intrinsic("llvm.nvvm.rsqrt.approx.f"); })
      .Case([](math::AbsFOp) { return intrinsic("llvm.fabs.f32"); })
      .Case([](math::FloorOp) { return intrinsic("llvm.floor.f32"); })
      .Case([](math::CeilOp) { return intrinsic("llvm.ceil.f32"); })
      .Case([](math::TanhOp) { return ptxUnary("tanh.approx.f32"); })
      .Case([](math::FmaOp) -> ElementMath {
        return [](OpBuilder &b, Location loc, ValueRange x) -> Value {
          return LLVM::FMAOp::create(b, loc, x[0], x[1], x[2]);
        };
      })
      .Case([](math::AbsIOp) -> ElementMath {
        return [](OpBuilder &b, Location loc, ValueRange x) -> Value {
          return LLVM::AbsOp::create(b, loc, x[0].getType(), x[0],
                                     /*is_int_min_poison=*/false);
        };
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// math ops on scalars or per-thread vectors, one element at a time: f32
/// (and i32 for absi) directly, f16 and bf16 widened to f32 and rounded back
/// (what the interpreter's numeric model does for 16-bit math).
struct MathLowering : public ConversionPattern {
  MathLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_present<math::MathDialect>(op->getDialect()))
      return failure();
    std::optional<ElementMath> math = elementMathFor(op);
    if (!math)
      return op->emitOpError("is not supported on the GPU");
    Location loc = op->getLoc();
    Type element = getElementTypeOrSelf(operands[0]);
    Type f32 = rewriter.getF32Type();
    bool isInt = isa<math::AbsIOp>(op);
    if (isInt ? !element.isInteger(32)
              : !(element.isF32() || element.isF16() || element.isBF16()))
      return op->emitOpError("expected ")
             << (isInt ? "i32" : "f32, f16 or bf16") << " operands, got "
             << element;
    // A libdevice function is declared once, of f32 operands and result;
    // a kernel of its name is an error (the declaration would redefine it).
    if (std::optional<StringRef> name = libdeviceFunction(op)) {
      Operation *symbols = op->getParentWithTrait<OpTrait::SymbolTable>();
      Operation *existing = SymbolTable::lookupSymbolIn(symbols, *name);
      auto func = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing);
      if (existing && !(func && func.isExternal()))
        return op->emitOpError("calls libdevice's ")
               << *name << ", the name of another symbol of the module "
               << "(rename the kernel)";
      if (!existing) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(&symbols->getRegion(0).front());
        SmallVector<Type> params(operands.size(), f32);
        LLVM::LLVMFuncOp::create(rewriter, loc, *name,
                                 LLVM::LLVMFunctionType::get(f32, params));
      }
    }
    auto apply = [&](ValueRange x) -> Value {
      bool wide = !isInt && !element.isF32();
      SmallVector<Value, 3> args;
      for (Value v : x)
        args.push_back(wide ? LLVM::FPExtOp::create(rewriter, loc, f32, v) : v);
      Value r = (*math)(rewriter, loc, args);
      return wide ? LLVM::FPTruncOp::create(rewriter, loc, element, r) : r;
    };
    auto vecType = dyn_cast<VectorType>(operands[0].getType());
    if (!vecType) {
      rewriter.replaceOp(op, apply(operands));
      return success();
    }
    SmallVector<Value> elements;
    for (int64_t i = 0; i < vecType.getNumElements(); ++i) {
      SmallVector<Value, 3> slot;
      for (Value operand : operands)
        slot.push_back(vector::ExtractOp::create(rewriter, loc, operand, i));
      elements.push_back(apply(slot));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, elements);
    return success();
  }
};

/// arith.truncf of a blocked tile's f32 slots to f16 or bf16, two at a time
/// with cvt.rn.f16x2.f32 (cvt.rn.bf16x2.f32; sm_80 and later): one
/// instruction a pair, rounded to nearest even as fptrunc is, where the back
/// end emits two conversions and a move for the wide vectors of blocked
/// tiles. (The mma fragments' pairs, built as vector<2xT> for the tensor
/// cores, get cvt.rn.f16x2.f32 from the back end already.)
struct TruncToPairsLowering : public OpConversionPattern<arith::TruncFOp> {
  TruncToPairsLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(arith::TruncFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // (A scalar truncf is ElementwiseLowering's.)
    auto tile = dyn_cast<RankedTensorType>(op.getType());
    auto dist = tile ? Distribution::get(tile) : std::nullopt;
    if (!dist || dist->kind != Distribution::Blocked)
      return failure();
    auto in = dyn_cast<VectorType>(adaptor.getIn().getType());
    auto out = dyn_cast_or_null<VectorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!in || !out || !in.getElementType().isF32() ||
        in.getNumElements() % 2 ||
        !(out.getElementType().isF16() || out.getElementType().isBF16()))
      return failure();
    Location loc = op.getLoc();
    std::string ptx = out.getElementType().isF16()
                          ? "cvt.rn.f16x2.f32 $0, $1, $2;"
                          : "cvt.rn.bf16x2.f32 $0, $1, $2;";
    auto pairType = VectorType::get({2}, out.getElementType());
    SmallVector<Value> elements;
    for (int64_t i = 0; i < in.getNumElements(); i += 2) {
      // The first operand goes to the upper half: the odd slot.
      Value word =
          inlinePtx(rewriter, loc, rewriter.getI32Type(),
                    ValueRange{vector::ExtractOp::create(rewriter, loc,
                                                         adaptor.getIn(), i + 1),
                               vector::ExtractOp::create(rewriter, loc,
                                                         adaptor.getIn(), i)},
                    ptx, "=r,f,f", /*sideEffects=*/false)
              .getResult(0);
      Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, word);
      for (int64_t j = 0; j < 2; ++j)
        elements.push_back(vector::ExtractOp::create(rewriter, loc, pair, j));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, out, elements);
    return success();
  }
};

/// Any other arith op on tiles: the same op on the per-thread vectors
/// (all operands share one layout, so slot i of each is the same element).
struct ElementwiseLowering : public ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    // Tile constants are ConstantLowering's (which rejects the others: a
    // copy here would be an invalid constant).
    if (!isa_and_present<arith::ArithDialect>(op->getDialect()) ||
        op->getNumRegions() != 0 || isa<arith::ConstantOp>(op))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs());
    Operation *lowered = rewriter.create(state);
    // Allow a*b+c to become one FMA, as CUDA does by default (-fmad=true):
    // exp2(s * scale - m) is one FMA and an ex2 per score.
    if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(lowered)) {
      arith::FastMathFlagsAttr flags = fastMath.getFastMathFlagsAttr();
      lowered->setAttr(
          fastMath.getFastMathAttrName(),
          arith::FastMathFlagsAttr::get(
              rewriter.getContext(),
              (flags ? flags.getValue() : arith::FastMathFlags::none) |
                  arith::FastMathFlags::contract));
    }
    rewriter.replaceOp(op, lowered->getResults());
    return success();
  }
};

} // namespace

void tessera::populateTileElementwiseToNVVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<
      GridQueryLowering<ProgramIdOp, NVVM::BlockIdXOp, NVVM::BlockIdYOp,
                        NVVM::BlockIdZOp>,
      GridQueryLowering<NumProgramsOp, NVVM::GridDimXOp, NVVM::GridDimYOp,
                        NVVM::GridDimZOp>,
      SplatLowering, ConstantLowering, IotaLowering,
      ForwardLowering<ExpandDimsOp>,
      ForwardLowering<BroadcastOp>, BroadcastLowering, MathLowering,
      TruncToPairsLowering, ElementwiseLowering>(converter, ctx);
}
