//===- KernelLayouts.cpp - What the layouts of a kernel need --------------===//
//
// Part of Tessera. The checks of a laid-out kernel that no single type or op
// verifier can make: the warps the kernel has, layouts that must agree
// between the operands and results of one op, and the ops that share one
// pipelined buffer. convert-tile-to-nvvm runs them before lowering, so that
// such IR is an error rather than a kernel that computes something else.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

namespace {

/// The layout of `type`, if it is a tile with an encoding.
Attribute layoutOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? tensor.getEncoding() : Attribute();
}

/// The mma or blocked layout a register layout distributes over the warps.
Attribute warpLayoutOf(Attribute layout) {
  if (auto slice = dyn_cast_if_present<SliceEncodingAttr>(layout))
    return slice.getParent();
  return layout;
}

class KernelLayoutChecker {
public:
  explicit KernelLayoutChecker(unsigned numWarps) : numWarps(numWarps) {}

  LogicalResult check(Operation *kernel) {
    WalkResult result = kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
      return failed(checkOp(op)) ? WalkResult::interrupt()
                                 : WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

private:
  LogicalResult checkOp(Operation *op) {
    for (Type type : op->getResultTypes())
      if (failed(checkType(op, type)))
        return failure();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(checkType(op, arg.getType())))
            return failure();
    if (auto copy = dyn_cast<AsyncLoadOp>(op))
      if (failed(checkType(op, copy.getTileType())) ||
          failed(checkBuffer(op, copy.getBuffer(), copy.getTileType())))
        return failure();
    if (auto view = dyn_cast<StageViewOp>(op))
      if (failed(checkBuffer(op, view.getBuffer(), view.getType())))
        return failure();
    return checkRules(op);
  }

  /// A tile's layout is a #tilegpu one, fits the tile's shape (types made by
  /// passes are not verified) and uses warps the kernel has.
  LogicalResult checkType(Operation *op, Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.getEncoding())
      return success();
    Attribute layout = tensor.getEncoding();
    if (!isa<MmaEncodingAttr, BlockedEncodingAttr, SliceEncodingAttr,
             SharedEncodingAttr>(layout))
      return op->emitOpError() << "expected a #tilegpu layout, got " << type;
    if (failed(cast<VerifiableTensorEncoding>(layout).verifyEncoding(
            tensor.getShape(), tensor.getElementType(),
            [&] { return op->emitOpError(); })))
      return failure();
    Attribute warpLayout = warpLayoutOf(layout);
    auto mma = dyn_cast<MmaEncodingAttr>(warpLayout);
    if (mma && numWarps % mma.getWarpsM() != 0)
      return op->emitOpError()
             << "expected warpsM to divide the kernel's " << numWarps
             << " warps (tile.num_warps), got " << type;
    auto blocked = dyn_cast<BlockedEncodingAttr>(warpLayout);
    if (blocked && blocked.getNumWarps() != numWarps)
      return op->emitOpError()
             << "expected warpsPerCTA to multiply to the kernel's "
             << numWarps << " warps (tile.num_warps), got " << type;
    return success();
  }

  /// The ops of one pipelined buffer describe the same ring.
  LogicalResult checkBuffer(Operation *op, int64_t id, Type tile) {
    Buffer buffer{op, tile, op->getAttr(TileGPUDialect::kStagesAttrName),
                  op->getAttr(TileGPUDialect::kSharedOffsetAttrName)};
    auto [it, inserted] = buffers.try_emplace(id, buffer);
    const Buffer &first = it->second;
    if (inserted || (first.tile == buffer.tile &&
                     first.stages == buffer.stages &&
                     first.offset == buffer.offset))
      return success();
    InFlightDiagnostic diag = op->emitOpError()
                              << "expected the ops of buffer " << id
                              << " to agree on its tile, "
                                 "'tilegpu.stages' and "
                                 "'tilegpu.shared_offset', got "
                              << buffer.describe() << " and "
                              << first.describe();
    diag.attachNote(first.op->getLoc()) << "the first op of buffer " << id;
    return diag;
  }

  /// The layouts the lowering of each op relies on (it reads the slots of
  /// one operand as those of another).
  LogicalResult checkRules(Operation *op) {
    auto mismatch = [&](StringRef what) {
      InFlightDiagnostic diag = op->emitOpError() << "expected " << what;
      diag << ", got ";
      llvm::interleaveComma(op->getOperandTypes(), diag);
      diag << " -> ";
      llvm::interleaveComma(op->getResultTypes(), diag);
      return diag;
    };
    if (auto load = dyn_cast<tile::LoadOp>(op)) {
      // The copies store the tile as it is (AsyncLoadOp checks the same).
      auto shared =
          dyn_cast_if_present<SharedEncodingAttr>(layoutOf(load.getType()));
      if (shared && shared.getTransposed())
        return mismatch("an untransposed #tilegpu.shared for a tile "
                        "loaded into shared memory (tile.trans transposes "
                        "it)");
      return success();
    }
    if (auto trans = dyn_cast<tile::TransOp>(op)) {
      Attribute src = layoutOf(trans.getSrc().getType());
      if (!src)
        return success();
      auto shared = dyn_cast<SharedEncodingAttr>(src);
      Attribute dst = layoutOf(trans.getType());
      auto result = dyn_cast_if_present<SharedEncodingAttr>(dst);
      // A register tile goes through a scratch buffer into any register
      // layout.
      if (!shared) {
        if (!dst || result)
          return mismatch("a register layout for the transpose of a "
                          "register tile");
        return success();
      }
      // The stored tile stays, and so does its swizzle.
      if (!result || result.getTransposed() == shared.getTransposed() ||
          result.getSwizzle() != shared.getSwizzle())
        return mismatch("a tile in #tilegpu.shared, transposed by flipping "
                        "only 'transposed'");
      return success();
    }
    if (auto expand = dyn_cast<tile::ExpandDimsOp>(op)) {
      Attribute src = layoutOf(expand.getSrc().getType());
      Attribute dst = layoutOf(expand.getType());
      // A slice of a blocked layout expands into a tile of that layout with
      // one element per thread along the new dimension.
      auto slice = dyn_cast_if_present<SliceEncodingAttr>(src);
      auto blocked = dyn_cast_if_present<BlockedEncodingAttr>(dst);
      if (slice && blocked && slice.getParent() == blocked &&
          slice.getDim() == expand.getAxis() &&
          blocked.getSizePerThread()[expand.getAxis()] == 1)
        return success();
      // A 1-D blocked tile expands into its layout with a unit dimension
      // inserted (one element, one lane and one warp along it).
      auto vector = dyn_cast_if_present<BlockedEncodingAttr>(src);
      if (vector && blocked && vector.getRank() == 1 &&
          blocked.getRank() == 2 && expand.getAxis() <= 1) {
        unsigned axis = expand.getAxis(), kept = 1 - axis;
        if (blocked.getSizePerThread()[axis] == 1 &&
            blocked.getThreadsPerWarp()[axis] == 1 &&
            blocked.getWarpsPerCTA()[axis] == 1 &&
            blocked.getSizePerThread()[kept] == vector.getSizePerThread()[0] &&
            blocked.getThreadsPerWarp()[kept] ==
                vector.getThreadsPerWarp()[0] &&
            blocked.getWarpsPerCTA()[kept] == vector.getWarpsPerCTA()[0])
          return success();
      }
      if (src && src != dst)
        return mismatch("the same layout for the operand and the result, a "
                        "#tilegpu.slice expanded into its blocked parent, or "
                        "a 1-D #tilegpu.blocked expanded into its 2-D form");
      return success();
    }
    if (auto broadcast = dyn_cast<tile::BroadcastOp>(op)) {
      Attribute src = layoutOf(broadcast.getSrc().getType());
      Attribute dst = layoutOf(broadcast.getType());
      auto slice = dyn_cast_if_present<SliceEncodingAttr>(src);
      // Every thread holds a 1-D one-element tile of a blocked layout or of
      // a slice of one.
      bool single =
          broadcast.getSrc().getType().getRank() == 1 &&
          broadcast.getSrc().getType().getNumElements() == 1 &&
          (isa_and_present<BlockedEncodingAttr>(src) ||
           (slice && isa<BlockedEncodingAttr>(slice.getParent())));
      if (src && src != dst && !single && !(slice && slice.getParent() == dst))
        return mismatch("the same layout, a #tilegpu.slice broadcast to its "
                        "parent, or a 1-D one-element blocked tile");
      return success();
    }
    if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
      Attribute src = layoutOf(reduce.getSrc().getType());
      if (!isa_and_present<MmaEncodingAttr, BlockedEncodingAttr>(src))
        return success(); // the lowering rejects it
      auto slice = dyn_cast_if_present<SliceEncodingAttr>(
          layoutOf(reduce.getType()));
      if (!slice || slice.getParent() != src ||
          slice.getDim() != reduce.getAxis())
        return mismatch("the result of a reduction along axis " +
                        std::to_string(reduce.getAxis()) +
                        " in the #tilegpu.slice of that dimension of the "
                        "operand's layout");
      return success();
    }
    if (auto dot = dyn_cast<tile::DotOp>(op)) {
      Attribute acc = layoutOf(dot.getAcc().getType());
      if (!isa_and_present<MmaEncodingAttr>(acc))
        return success(); // the lowering rejects it
      Attribute a = layoutOf(dot.getA().getType());
      if (layoutOf(dot.getType()) != acc ||
          (a && !isa<SharedEncodingAttr>(a) && a != acc))
        return mismatch("the accumulator's layout for the result and for a "
                        "register A operand");
      return success();
    }
    // Elementwise ops (arith, math) need one layout for all their tiles;
    // their own verifiers compare whole tensor types, encodings included.
    return success();
  }

  struct Buffer {
    Operation *op;
    Type tile;
    Attribute stages, offset;

    std::string describe() const {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << tile << " (stages ";
      if (stages)
        os << stages;
      else
        os << "unset";
      os << ", offset ";
      if (offset)
        os << offset;
      else
        os << "unset";
      os << ")";
      return s;
    }
  };

  unsigned numWarps;
  llvm::DenseMap<int64_t, Buffer> buffers;
};

} // namespace

LogicalResult tilegpu::verifyKernelLayouts(Operation *kernel,
                                           unsigned numWarps) {
  return KernelLayoutChecker(numWarps).check(kernel);
}
