//===- SplitBlockVectors.cpp - Power-of-two vectors between blocks --------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//
//
// tessera-split-block-vectors: block arguments of 8- and 16-bit vectors whose
// element count is not a power of two become power-of-two pieces, so that
// LLVM's instruction selection keeps them packed across blocks instead of
// scalarizing them (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/Passes.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace tessera {
#define GEN_PASS_DEF_TESSERASPLITBLOCKVECTORS
#include "tessera/Conversion/Passes.h.inc"
} // namespace tessera

using namespace mlir;

namespace {

/// The vector type of a block argument to split, or null.
VectorType splitType(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || vector.getRank() != 1 || vector.isScalable())
    return {};
  int64_t count = vector.getNumElements();
  unsigned bits = vector.getElementType().getIntOrFloatBitWidth();
  if (count < 2 || llvm::isPowerOf2_64(count) || (bits != 8 && bits != 16))
    return {};
  return vector;
}

/// The powers of two of `count`'s binary form, largest first.
SmallVector<int64_t> pieceSizes(int64_t count) {
  SmallVector<int64_t> sizes;
  for (int64_t bit = llvm::bit_floor(static_cast<uint64_t>(count)); bit;
       bit >>= 1)
    if (count & bit)
      sizes.push_back(bit);
  return sizes;
}

/// `vector`'s elements [start, start + size).
Value slice(OpBuilder &b, Location loc, Value vector, int64_t start,
            int64_t size) {
  SmallVector<int32_t> mask;
  for (int64_t i = 0; i < size; ++i)
    mask.push_back(static_cast<int32_t>(start + i));
  return LLVM::ShuffleVectorOp::create(b, loc, vector, vector, mask);
}

/// `front` followed by the shorter `back`.
Value concat(OpBuilder &b, Location loc, Value front, Value back) {
  int64_t frontSize = cast<VectorType>(front.getType()).getNumElements();
  int64_t backSize = cast<VectorType>(back.getType()).getNumElements();
  // Shuffle operands share a type: `back` widened with poison lanes first.
  SmallVector<int32_t> widen;
  for (int64_t i = 0; i < frontSize; ++i)
    widen.push_back(i < backSize ? static_cast<int32_t>(i) : -1);
  Value wide = LLVM::ShuffleVectorOp::create(b, loc, back, back, widen);
  SmallVector<int32_t> mask;
  for (int64_t i = 0; i < frontSize + backSize; ++i)
    mask.push_back(static_cast<int32_t>(i));
  return LLVM::ShuffleVectorOp::create(b, loc, front, wide, mask);
}

/// Whether every branch to `block` forwards its operands through
/// BranchOpInterface without produced operands (so they can be rewritten).
bool branchesCanForward(Block &block) {
  for (BlockOperand &use : block.getUses()) {
    auto branch = dyn_cast<BranchOpInterface>(use.getOwner());
    if (!branch || branch.getSuccessorOperands(use.getOperandNumber())
                           .getProducedOperandCount() != 0)
      return false;
  }
  return true;
}

/// Splits argument `index` of `block` (of type `type`) into its pieces.
void splitArgument(Block &block, unsigned index, VectorType type) {
  SmallVector<int64_t> sizes = pieceSizes(type.getNumElements());
  Location loc = block.getArgument(index).getLoc();
  for (BlockOperand &use : block.getUses()) {
    auto branch = cast<BranchOpInterface>(use.getOwner());
    MutableOperandRange forwarded =
        branch.getSuccessorOperands(use.getOperandNumber())
            .getMutableForwardedOperands();
    SmallVector<Value> values(forwarded.getAsOperandRange());
    OpBuilder b(branch);
    Value whole = values[index];
    SmallVector<Value> pieces;
    int64_t start = 0;
    for (int64_t size : sizes) {
      pieces.push_back(slice(b, branch.getLoc(), whole, start, size));
      start += size;
    }
    values.erase(values.begin() + index);
    values.insert(values.begin() + index, pieces.begin(), pieces.end());
    forwarded.assign(values);
  }
  SmallVector<Value> pieces;
  for (auto [i, size] : llvm::enumerate(sizes))
    pieces.push_back(block.insertArgument(
        index + 1 + i, VectorType::get({size}, type.getElementType()), loc));
  OpBuilder b = OpBuilder::atBlockBegin(&block);
  Value whole = pieces.back();
  for (Value piece : llvm::reverse(ArrayRef(pieces).drop_back()))
    whole = concat(b, loc, piece, whole);
  block.getArgument(index).replaceAllUsesWith(whole);
  block.eraseArgument(index);
}

/// The start of `shuffle`'s mask when it takes a power-of-two run of
/// consecutive elements of one vector (its two operands the same), or -1.
int64_t sliceStart(LLVM::ShuffleVectorOp shuffle) {
  ArrayRef<int32_t> mask = shuffle.getMask();
  if (shuffle.getV1() != shuffle.getV2() || mask.empty() ||
      !llvm::isPowerOf2_64(mask.size()) || mask.front() < 0)
    return -1;
  for (auto [i, lane] : llvm::enumerate(mask))
    if (lane != mask.front() + static_cast<int32_t>(i))
      return -1;
  return mask.front();
}

/// Rewrites `conversion` (an elementwise conversion to a vector that
/// splitType accepts) when its only users are power-of-two slices of its
/// result: each slice becomes the same conversion of the matching slice of
/// its source.
void narrowCast(Operation *conversion) {
  Value result = conversion->getResult(0);
  SmallVector<std::pair<LLVM::ShuffleVectorOp, int64_t>> slices;
  // (A slice uses the value twice, as both shuffle operands: once here.)
  for (Operation *user : llvm::SetVector<Operation *>(
           result.getUsers().begin(), result.getUsers().end())) {
    auto shuffle = dyn_cast<LLVM::ShuffleVectorOp>(user);
    int64_t start = shuffle ? sliceStart(shuffle) : -1;
    if (start < 0)
      return;
    slices.push_back({shuffle, start});
  }
  auto elementType = cast<VectorType>(result.getType()).getElementType();
  for (auto [shuffle, start] : slices) {
    OpBuilder b(shuffle);
    int64_t size = shuffle.getMask().size();
    OperationState state(conversion->getLoc(), conversion->getName());
    state.addOperands(
        slice(b, conversion->getLoc(), conversion->getOperand(0), start, size));
    state.addTypes(VectorType::get({size}, elementType));
    state.addAttributes(conversion->getAttrs());
    shuffle.replaceAllUsesWith(b.create(state)->getResult(0));
    shuffle.erase();
  }
  conversion->erase();
}

struct SplitBlockVectorsPass
    : tessera::impl::TesseraSplitBlockVectorsBase<SplitBlockVectorsPass> {
  void runOnOperation() override {
    getOperation().walk([](LLVM::LLVMFuncOp func) {
      for (Block &block : llvm::drop_begin(func.getBody())) {
        if (!branchesCanForward(block))
          continue;
        for (unsigned i = block.getNumArguments(); i-- > 0;)
          if (VectorType type = splitType(block.getArgument(i).getType()))
            splitArgument(block, i, type);
      }
      // The slices the branches take of a converted vector: converted from
      // slices of its source instead.
      SmallVector<Operation *> casts;
      func.walk([&](Operation *op) {
        if (isa<LLVM::FPTruncOp, LLVM::FPExtOp, LLVM::TruncOp, LLVM::ZExtOp,
                LLVM::SExtOp, LLVM::SIToFPOp, LLVM::UIToFPOp, LLVM::FPToSIOp,
                LLVM::FPToUIOp>(op) &&
            splitType(op->getResult(0).getType()))
          casts.push_back(op);
      });
      for (Operation *conversion : casts)
        narrowCast(conversion);
    });
  }
};

} // namespace
