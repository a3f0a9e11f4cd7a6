//===- PatternsCommon.cpp - What the TileToNVVM families share ------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "PatternsCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tessera::tile;

namespace tessera::lowering {

LLVM::LLVMStructType viewStructType(ViewType view) {
  MLIRContext *ctx = view.getContext();
  auto i64 = IntegerType::get(ctx, 64);
  auto array = LLVM::LLVMArrayType::get(i64, view.getRank());
  return LLVM::LLVMStructType::getLiteral(
      ctx, {LLVM::LLVMPointerType::get(ctx, 1), array, array});
}

std::pair<Value, Value> ViewAccess::locate(OpBuilder &b, Location loc,
                                           Value row, Value col) const {
  unsigned rank = view.rank;
  Value offset = i64Const(b, loc, 0);
  Value inBounds = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  for (unsigned d = 0; d < rank; ++d) {
    Value index = indices[d];
    unsigned tileDim = d + tileRank;
    if (tileDim >= rank) {
      Value delta = (tileRank == 2 && d == rank - 1) ? col : row;
      index = arith::AddIOp::create(b, loc, index, delta);
    }
    Value index64 = arith::ExtSIOp::create(b, loc, b.getI64Type(), index);
    // 0 <= index < size as one unsigned compare (a negative index wraps past
    // any size), against the size as the kernel received it (ptxas reads it
    // from the parameter bank: no register holds it); none along a dimension
    // the op promises to stay inside.
    if (!knownInBounds(d)) {
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       index64, view.size(b, loc, d));
      inBounds = b.createOrFold<arith::AndIOp>(loc, inBounds, ok);
    }
    // The innermost dimension is contiguous (the runtime checks it): its
    // offsets stay constants the back end folds into addresses.
    Value scaled = d + 1 == rank ? index64
                                 : Value(arith::MulIOp::create(
                                       b, loc, index64, view.stride(b, loc, d)));
    offset = arith::AddIOp::create(b, loc, offset, scaled);
  }
  return {offset, inBounds};
}

ViewAccess makeAccess(Value view, ViewType viewType, ValueRange indices,
                      unsigned tileRank, std::optional<ArrayRef<bool>> inBounds) {
  return ViewAccess{ViewValue{view, viewType.getRank()},
                    SmallVector<Value>(indices), tileRank,
                    inBounds ? SmallVector<bool>(*inBounds) : SmallVector<bool>()};
}

Value globalAddress(OpBuilder &b, Location loc, Value base, Type elementType,
                    Value offset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                             ValueRange{offset});
}

Value sharedBase(OpBuilder &b, Location loc, int64_t offset) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(b, loc, ptrType, kSharedGlobal);
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{offset});
}

Value scratchElement(OpBuilder &b, Location loc, Value base, Type element,
                     Value row, int64_t rowStride, Value col) {
  Value index = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row, i32Const(b, loc, rowStride)),
      col);
  return LLVM::GEPOp::create(b, loc, base.getType(), element, base,
                             ValueRange{index});
}

int64_t tileBytes(RankedTensorType type) {
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

Value stageBase(OpBuilder &b, Location loc, int64_t offset, Value stage,
                RankedTensorType type) {
  Value base = sharedBase(b, loc, offset);
  Value bytes = arith::MulIOp::create(b, loc, stage,
                                      i32Const(b, loc, tileBytes(type)));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{bytes});
}

bool isStageableSharedTile(RankedTensorType type) {
  return type.getRank() == 2 && type.getDimSize(1) % 8 == 0 &&
         type.getElementTypeBitWidth() == 16;
}

FailureOr<int64_t> sharedOffsetOf(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>(
      tilegpu::TileGPUDialect::kSharedOffsetAttrName);
  if (!attr)
    return op->emitOpError("expected a shared-memory offset; run "
                           "tilegpu-allocate-shared first");
  return attr.getInt();
}

void inThread(OpBuilder &b, Location loc, int64_t thread, Value pred,
              function_ref<void(OpBuilder &, Location)> body) {
  Value selected = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      NVVM::ThreadIdXOp::create(b, loc, b.getI32Type()),
      i32Const(b, loc, thread));
  if (pred)
    selected = arith::AndIOp::create(b, loc, selected, pred);
  scf::IfOp::create(b, loc, selected, [&](OpBuilder &nested, Location l) {
    body(nested, l);
    scf::YieldOp::create(nested, l);
  });
}

void inFirstThread(OpBuilder &b, Location loc, Value pred,
                   function_ref<void(OpBuilder &, Location)> body) {
  inThread(b, loc, 0, pred, body);
}

void syncThreads(OpBuilder &b, Location loc) {
  std::optional<unsigned> consumers =
      consumerThreads(b.getInsertionBlock()->getParentOp());
  if (!consumers) {
    NVVM::Barrier0Op::create(b, loc);
    return;
  }
  NVVM::BarrierOp::create(b, loc, Type(), i32Const(b, loc, kConsumerBarrier),
                          i32Const(b, loc, *consumers), {}, Value());
}

Value butterfly(OpBuilder &b, Location loc, Value v, int64_t offset) {
  return NVVM::ShflOp::create(b, loc, v.getType(), i32Const(b, loc, -1), v,
                              i32Const(b, loc, offset), i32Const(b, loc, 31),
                              NVVM::ShflKind::bfly, UnitAttr());
}

void publishSharedWrites(OpBuilder &b, Location loc, bool asyncProxy) {
  if (asyncProxy)
    NVVM::FenceProxyOp::create(
        b, loc,
        NVVM::ProxyKindAttr::get(b.getContext(), NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
  syncThreads(b, loc);
}

std::string asmOperandList(int64_t first, int64_t count) {
  std::string list;
  for (int64_t i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return count == 1 ? list : "{" + list + "}";
}

LLVM::InlineAsmOp inlinePtx(OpBuilder &b, Location loc, Type resultType,
                            ValueRange operands, StringRef ptx,
                            StringRef constraints, bool sideEffects) {
  return LLVM::InlineAsmOp::create(
      b, loc, resultType ? TypeRange(resultType) : TypeRange(), operands, ptx,
      constraints, sideEffects, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

SmallVector<Value> asmOutputs(OpBuilder &b, Location loc, Type type,
                              int64_t n, ValueRange operands, StringRef ptx,
                              StringRef constraints) {
  // One output is the asm's value, several a struct of them.
  Type resultType =
      n == 1 ? type
             : LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                SmallVector<Type>(n, type));
  Value result = inlinePtx(b, loc, resultType, operands, ptx, constraints,
                           /*sideEffects=*/true)
                     .getResult(0);
  if (n == 1)
    return {result};
  SmallVector<Value> results;
  for (int64_t i = 0; i < n; ++i)
    results.push_back(LLVM::ExtractValueOp::create(b, loc, result, i));
  return results;
}

SmallVector<Value> tiedAsm(OpBuilder &b, Location loc, StringRef ptx,
                           ArrayRef<Value> values, ValueRange inputs,
                           StringRef inputConstraints) {
  int64_t n = values.size();
  Type type = values.front().getType();
  std::string output = type.isF32() ? "=f," : "=r,";
  std::string constraints;
  for (int64_t i = 0; i < n; ++i)
    constraints += output;
  constraints += inputConstraints.str();
  for (int64_t i = 0; i < n; ++i)
    constraints += (inputConstraints.empty() && i == 0 ? "" : ",") +
                   std::to_string(i);
  SmallVector<Value> operands(inputs);
  operands.append(values.begin(), values.end());
  return asmOutputs(b, loc, type, n, operands, ptx, constraints);
}

} // namespace tessera::lowering
