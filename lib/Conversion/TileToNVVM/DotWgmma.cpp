//===- DotWgmma.cpp - tile.dot on wgmma.mma_async -------------------------===//
//
// Part of Tessera. tile.dot as wgmma.mma_async.m64nNk16 (sm_90a): B, and A
// when it is a panelled shared tile, read through shared-memory matrix
// descriptors (PTX ISA, "Matrix Descriptor Format", 9.7.15.5.1); A from
// registers otherwise.
//
//===----------------------------------------------------------------------===//

#include "DotCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

//===----------------------------------------------------------------------===//
// Operands and plan
//===----------------------------------------------------------------------===//

std::optional<DescriptorOperand> DescriptorOperand::get(Value tile,
                                                        bool kMajor) {
  auto type = cast<RankedTensorType>(tile.getType());
  // tilegpu-select-mma checked that the buffer (every stage of a ring)
  // starts on a 1024-byte boundary.
  if (!descriptorReadable(type))
    return std::nullopt;
  return DescriptorOperand{kMajor, storedLayout(type)};
}

int64_t DescriptorOperand::kStepOffset(int64_t kt) const {
  if (kMajor) // 16 columns (32 bytes) of a 64-column panel per step
    return kt / 4 * layout.panelBytes() + kt % 4 * 32;
  return kt * 16 * 128; // 16 rows of 128 bytes
}

uint64_t DescriptorOperand::descriptorConstant() const {
  uint64_t leading = kMajor ? 1 : uint64_t(layout.panelBytes()) >> 4;
  uint64_t stride = 1024 >> 4;
  return (leading << 16) | (stride << 32) | (uint64_t(1) << 62);
}

Value DescriptorOperand::descriptor(OpBuilder &b, Location loc,
                                    Value address) const {
  Value encoded = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, address, i64Const(b, loc, 0x3FFFF)),
      i64Const(b, loc, 4));
  return arith::OrIOp::create(b, loc, encoded,
                              i64Const(b, loc, int64_t(descriptorConstant())));
}

std::optional<WgmmaPlan> WgmmaPlan::get(DotOp op, const MmaGeometry &g) {
  if (!wgmmaTypesFit(op))
    return std::nullopt;
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto bShared = cast<SharedEncodingAttr>(bType.getEncoding());
  std::optional<DescriptorOperand> b =
      DescriptorOperand::get(op.getB(), bShared.getTransposed());
  if (!b)
    return std::nullopt;
  std::optional<DescriptorOperand> a;
  // A shared A operand is read through a descriptor too, even when its
  // fragments could stay in registers across the loop: measured faster
  // with 8 warps and at HEAD_DIM 128 (test/gpu/RESULTS.md, v5).
  if (isa_and_present<SharedEncodingAttr>(aType.getEncoding()))
    a = DescriptorOperand::get(op.getA(), /*kMajor=*/true);
  return WgmmaPlan{g.cols, aType.getElementType(), *b, a};
}

//===----------------------------------------------------------------------===//
// The instructions
//===----------------------------------------------------------------------===//

/// wgmma.mma_async.m64nNk16 per (m-fragment, k step), all N columns at
/// once: the slots of m-fragment mt, [n-fragment][c0..c3], are exactly
/// the instruction's accumulator registers, and its A registers are
/// mma.m16n8k16's A fragment of the warp's 16 rows. Fence, the
/// instructions, commit; a synchronous dot then waits for all of them (the
/// wait takes the accumulators, so nothing reads them earlier), an
/// asynchronous one leaves that to its tilegpu.dot_wait.
SmallVector<Value> tessera::lowering::lowerWgmma(
    OpBuilder &b, Location loc, DotOp::Adaptor adaptor, const MmaGeometry &g,
    int64_t k, const WgmmaPlan &plan, bool zeroAcc, bool async,
    const ThreadIds &ids, AFragmentFn aFragment) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value acc = adaptor.getAcc();
  int64_t n = g.nTiles() * 4; // f32 accumulator registers per thread
  // A zero accumulator is not read: the first k step runs with scale-d 0
  // on undefined registers, so nothing materializes the zeros.
  Value undef =
      zeroAcc ? LLVM::UndefOp::create(b, loc, b.getF32Type()) : Value();
  SmallVector<SmallVector<Value>> accs(g.mTiles());
  for (int64_t mt = 0; mt < g.mTiles(); ++mt)
    for (int64_t i = 0; i < n; ++i)
      accs[mt].push_back(
          zeroAcc ? undef
                  : Value(vector::ExtractOp::create(b, loc, acc, mt * n + i)));

  // Descriptors: the base's, then immediates per k step (and m-fragment).
  Value bDesc = plan.b.descriptor(
      b, loc, LLVM::PtrToIntOp::create(b, loc, i64, adaptor.getB()));
  Value aDesc;
  if (plan.a) {
    // Warpgroup w reads rows 64w.. of each m-fragment.
    Value warpgroupRows = arith::MulIOp::create(
        b, loc,
        arith::ExtUIOp::create(
            b, loc, i64,
            arith::DivUIOp::create(b, loc, ids.warpIn(b, loc, g.warpsM),
                                   i32Const(b, loc, 4))),
        i64Const(b, loc, 64 * 128));
    aDesc = plan.a->descriptor(
        b, loc,
        arith::AddIOp::create(
            b, loc, LLVM::PtrToIntOp::create(b, loc, i64, adaptor.getA()),
            warpgroupRows));
  }
  auto plus = [&](Value desc, int64_t bytes) -> Value {
    if (bytes == 0)
      return desc;
    return arith::AddIOp::create(b, loc, desc, i64Const(b, loc, bytes >> 4));
  };

  std::string type = plan.element.isBF16() ? "bf16" : "f16";
  int64_t aOperands = plan.a ? 1 : 4;
  std::string aList = plan.a ? "$" + std::to_string(n)
                             : asmOperandList(n, 4);
  int64_t bIndex = n + aOperands, scaleIndex = bIndex + 1;
  std::string ptx =
      "{\n.reg .pred p;\nsetp.ne.b32 p, $" + std::to_string(scaleIndex) +
      ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(plan.n) +
      "k16.f32." + type + "." + type + " " + asmOperandList(0, n) + ", " +
      aList + ", $" + std::to_string(bIndex) + ", p, 1, 1, " +
      (plan.a ? "0, " : "") + (plan.b.kMajor ? "0" : "1") + ";\n}";
  std::string constraints = plan.a ? "l,l,r" : "r,r,r,r,l,r";
  Value one = i32Const(b, loc, 1), zero = i32Const(b, loc, 0);
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  for (int64_t kt = 0; kt < k / 16; ++kt) {
    Value bStep = plus(bDesc, plan.b.kStepOffset(kt));
    for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
      SmallVector<Value> inputs;
      if (plan.a) {
        inputs.push_back(plus(aDesc, g.mTileRow(mt) * 128 +
                                         plan.a->kStepOffset(kt)));
      } else {
        Value frag = aFragment(mt, kt);
        for (int64_t r = 0; r < 4; ++r)
          inputs.push_back(LLVM::BitcastOp::create(
              b, loc, i32, vector::ExtractOp::create(b, loc, frag, r)));
      }
      inputs.push_back(bStep);
      inputs.push_back(zeroAcc && kt == 0 ? zero : one);
      accs[mt] = tiedAsm(b, loc, ptx, accs[mt], inputs, constraints);
    }
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  SmallVector<Value> all;
  for (auto &tile : accs)
    all.append(tile.begin(), tile.end());
  if (async)
    return all;
  return waitForDots(b, loc, all, 0);
}

SmallVector<Value> tessera::lowering::waitForDots(OpBuilder &b, Location loc,
                                                  ArrayRef<Value> values,
                                                  int64_t pendings) {
  return tiedAsm(b, loc,
                 "wgmma.wait_group.sync.aligned " + std::to_string(pendings) +
                     ";",
                 values, {}, "");
}

//===----------------------------------------------------------------------===//
// The pattern
//===----------------------------------------------------------------------===//

namespace {

/// tile.dot as wgmma where WgmmaPlan allows; otherwise the pattern does not
/// apply and the mma.sync one (of lower benefit) lowers the dot.
struct WgmmaDotLowering : public DotLoweringBase {
  WgmmaDotLowering(const TypeConverter &converter, MLIRContext *ctx)
      : DotLoweringBase(converter, ctx, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Distribution> accDist = matchMmaDot(op, /*report=*/false);
    if (failed(accDist))
      return rewriter.notifyMatchFailure(op, "not a tensor-core dot");
    if (!op->hasAttr(TileGPUDialect::kWgmmaAttrName))
      return rewriter.notifyMatchFailure(op, "not selected for wgmma");
    std::optional<WgmmaPlan> plan = WgmmaPlan::get(op, accDist->geom);
    if (!plan)
      return op.emitOpError("was selected for wgmma (tilegpu.wgmma) but its "
                            "operands do not allow it");
    lower(op, adaptor, rewriter, *accDist, &*plan);
    return success();
  }
};

/// tilegpu.dot_wait as one wgmma.wait_group over every accumulator
/// register of its tiles: the asm takes and returns them, so nothing reads
/// them before the wait and nothing is copied.
struct DotWaitLowering : public OpConversionPattern<DotWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> slots;
    SmallVector<int64_t> counts;
    for (Value tile : adaptor.getOperands()) {
      auto type = cast<VectorType>(tile.getType());
      counts.push_back(type.getNumElements());
      for (int64_t i = 0; i < type.getNumElements(); ++i)
        slots.push_back(vector::ExtractOp::create(rewriter, loc, tile, i));
    }
    SmallVector<Value> waited =
        waitForDots(rewriter, loc, slots, op.getPendings());
    SmallVector<Value> results;
    ArrayRef<Value> rest = waited;
    for (auto [tile, count] : llvm::zip(adaptor.getOperands(), counts)) {
      results.push_back(vector::FromElementsOp::create(
          rewriter, loc, cast<VectorType>(tile.getType()),
          rest.take_front(count)));
      rest = rest.drop_front(count);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void tessera::populateTileDotToWgmmaPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<WgmmaDotLowering, DotWaitLowering>(converter,
                                                  patterns.getContext());
}
