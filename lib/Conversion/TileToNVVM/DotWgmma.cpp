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
  SharedTileLayout layout = storedLayout(type);
  // Every panel (and every stage of a ring) must start on a 1024-byte
  // boundary too: whole groups of 8 rows.
  if (!layout.panelled() || layout.rows % 8 != 0 ||
      !bufferAligned(tile, 1024))
    return std::nullopt;
  return DescriptorOperand{kMajor, layout};
}

bool DescriptorOperand::bufferAligned(Value tile, int64_t alignment) {
  while (auto trans = tile.getDefiningOp<TransOp>())
    tile = trans.getSrc();
  Operation *def = tile.getDefiningOp();
  auto offset =
      def ? def->getAttrOfType<IntegerAttr>(kSharedOffsetAttr) : nullptr;
  return offset && offset.getInt() % alignment == 0;
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
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  Type element = aType.getElementType();
  if (!(element.isF16() || element.isBF16()) ||
      bType.getElementType() != element ||
      !getElementTypeOrSelf(op.getAcc().getType()).isF32())
    return std::nullopt;
  // Each group of 4 warps covers 64 rows of every m-fragment.
  if (g.warpsM % 4 != 0 || g.cols % 8 != 0 || g.cols > 256)
    return std::nullopt;
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
  return WgmmaPlan{g.cols, element, *b, a};
}

//===----------------------------------------------------------------------===//
// The instructions
//===----------------------------------------------------------------------===//

namespace {

/// The "{$first, ..., $first + count - 1}" operand list of an asm string.
std::string asmOperandList(int64_t first, int64_t count) {
  std::string list = "{";
  for (int64_t i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + "}";
}

/// Inline PTX whose `values.size()` f32 outputs are tied to `values` (the
/// accumulator registers the instruction updates), after `inputs` with
/// `inputConstraints`.
SmallVector<Value> tiedAsm(OpBuilder &b, Location loc, StringRef ptx,
                           ArrayRef<Value> values, ValueRange inputs,
                           StringRef inputConstraints) {
  MLIRContext *ctx = b.getContext();
  int64_t n = values.size();
  std::string constraints;
  for (int64_t i = 0; i < n; ++i)
    constraints += "=f,";
  constraints += inputConstraints.str();
  for (int64_t i = 0; i < n; ++i)
    constraints += (inputConstraints.empty() && i == 0 ? "" : ",") +
                   std::to_string(i);
  SmallVector<Value> operands(inputs);
  operands.append(values.begin(), values.end());
  auto resultType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(n, b.getF32Type()));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, ptx, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> results;
  for (int64_t i = 0; i < n; ++i)
    results.push_back(
        LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return results;
}

} // namespace

/// wgmma.mma_async.m64nNk16 per (m-fragment, k step), all N columns at
/// once: the slots of m-fragment mt, [n-fragment][c0..c3], are exactly
/// the instruction's accumulator registers, and its A registers are
/// mma.m16n8k16's A fragment of the warp's 16 rows. The dot is
/// synchronous: fence, the instructions, commit, wait for all of them
/// (the wait takes the accumulators, so nothing reads them earlier).
SmallVector<Value> tessera::lowering::lowerWgmma(
    OpBuilder &b, Location loc, DotOp::Adaptor adaptor, const MmaGeometry &g,
    int64_t k, const WgmmaPlan &plan, bool zeroAcc, const ThreadIds &ids,
    AFragmentFn aFragment) {
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
  return tiedAsm(b, loc, "wgmma.wait_group.sync.aligned 0;", all, {}, "");
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
    std::optional<WgmmaPlan> plan = WgmmaPlan::get(op, accDist->geom);
    if (!plan)
      return rewriter.notifyMatchFailure(op, "the operands do not allow "
                                             "wgmma");
    lower(op, adaptor, rewriter, *accDist, &*plan);
    return success();
  }
};

} // namespace

void tessera::populateTileDotToWgmmaPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<WgmmaDotLowering>(converter, patterns.getContext());
}
