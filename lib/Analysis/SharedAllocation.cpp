//===- SharedAllocation.cpp - Shared-memory buffers of a kernel -----------===//
//
// Part of Tessera. Sizes -> live ranges -> first-fit offsets, in program
// order, so the result is deterministic.
//
//===----------------------------------------------------------------------===//

#include "tessera/Analysis/SharedAllocation.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tessera;

/// The number of pipeline stages of a buffer op (set by tilegpu-pipeline, 1
/// otherwise).
static unsigned stagesOf(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>("tilegpu.stages");
  return attr ? std::max<int64_t>(1, attr.getInt()) : 1;
}

/// The bytes of `stages` copies of `type`, saturated at 2^40 (far over any
/// budget, and small enough that offsets and sums of sizes cannot overflow):
/// shapes come from the IR, and their products can overflow.
static int64_t bufferBytes(RankedTensorType type, unsigned stages) {
  constexpr int64_t kSaturated = int64_t(1) << 40;
  int64_t bytes = (type.getElementTypeBitWidth() + 7) / 8;
  bool overflow = llvm::MulOverflow(bytes, int64_t(stages), bytes);
  for (int64_t dim : type.getShape())
    overflow |= dim < 0 || llvm::MulOverflow(bytes, dim, bytes);
  return overflow ? kSaturated : std::min(bytes, kSaturated);
}

/// The region of `op`'s ancestor `ifOp` that holds `op`.
static Region *branchOf(scf::IfOp ifOp, Operation *op) {
  for (Region &region : ifOp->getRegions())
    if (region.findAncestorOpInRegion(*op))
      return &region;
  return nullptr;
}

/// Whether the ops of `a` and those of `b` lie in the two branches of one
/// scf.if (tilegpu-version-in-bounds' copies of a program): never live at
/// once.
static bool exclusive(ArrayRef<Operation *> a, ArrayRef<Operation *> b) {
  for (Operation *p = a.front()->getParentOp(); p; p = p->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(p);
    if (!ifOp || !ifOp->isProperAncestor(b.front()))
      continue;
    Region *left = branchOf(ifOp, a.front()), *right = branchOf(ifOp, b.front());
    if (left == right)
      return false;
    return llvm::all_of(a, [&](Operation *op) { return branchOf(ifOp, op) == left; }) &&
           llvm::all_of(b, [&](Operation *op) { return branchOf(ifOp, op) == right; });
  }
  return false;
}

/// The buffer id of a pipelined load's ops, which share one buffer.
static std::optional<int64_t> pipelinedBufferId(Operation *op) {
  if (auto copy = dyn_cast<tilegpu::AsyncLoadOp>(op))
    return copy.getBuffer();
  if (auto view = dyn_cast<tilegpu::StageViewOp>(op))
    return view.getBuffer();
  return std::nullopt;
}

/// The buffer id of an op on the mbarriers of a TMA-filled buffer.
static std::optional<int64_t> barrierBufferId(Operation *op) {
  if (auto init = dyn_cast<tilegpu::RingInitOp>(op))
    return init.getBuffer();
  if (auto inval = dyn_cast<tilegpu::RingInvalOp>(op))
    return inval.getBuffer();
  if (auto wait = dyn_cast<tilegpu::StageWaitOp>(op))
    return wait.getBuffer();
  if (auto acquire = dyn_cast<tilegpu::StageAcquireOp>(op))
    return acquire.getBuffer();
  if (auto release = dyn_cast<tilegpu::StageReleaseOp>(op))
    return release.getBuffer();
  return std::nullopt;
}

SharedAllocation::SharedAllocation(func::FuncOp kernel, int64_t alignment) {
  // Program order: each op's index, and the last index inside it.
  DenseMap<Operation *, unsigned> first, last;
  unsigned counter = 0;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) { first[op] = counter++; });
  // Post order visits nested ops first.
  kernel.walk<WalkOrder::PostOrder>([&](Operation *op) {
    unsigned end = first[op];
    for (Region &region : op->getRegions())
      for (Operation &nested : region.getOps())
        end = std::max(end, last[&nested]);
    last[op] = end;
  });

  // Group the buffer ops: a plain load is its own buffer, the ops of one
  // pipelined load share theirs.
  DenseMap<int64_t, size_t> byId;
  kernel.walk([&](Operation *op) {
    RankedTensorType type = tilegpu::sharedBufferTile(op);
    if (!type)
      return;
    std::optional<int64_t> id = pipelinedBufferId(op);
    if (id) {
      auto [it, inserted] = byId.try_emplace(*id, buffers.size());
      if (!inserted) {
        buffers[it->second].ops.push_back(op);
        return;
      }
    }
    Buffer buffer;
    buffer.ops.push_back(op);
    buffer.tileType = type;
    buffer.stages = stagesOf(op);
    buffer.size = bufferBytes(type, buffer.stages);
    buffers.push_back(buffer);
  });
  // The ops on a TMA-filled buffer's mbarriers (placed after the tiles).
  kernel.walk([&](Operation *op) {
    std::optional<int64_t> id = barrierBufferId(op);
    auto it = id ? byId.find(*id) : byId.end();
    if (it == byId.end())
      return;
    buffers[it->second].barrierOps.push_back(op);
    if (auto init = dyn_cast<tilegpu::RingInitOp>(op))
      buffers[it->second].emptyBarriers |= init.getArrivals().has_value();
  });

  // Live range, at the level of the block that holds all the buffer's ops
  // and uses (a warp-specialized ring's producer and consumer loops run at
  // once: its level is the whole tilegpu.warp_specialize; a tile loaded in
  // a loop and carried out of it, that of the loop): from the first to the
  // last use of the tile (or of a transpose of it). A use inside a loop
  // keeps the buffer for the whole loop.
  for (Buffer &buffer : buffers) {
    SmallVector<Operation *> touched(buffer.ops.begin(), buffer.ops.end());
    touched.append(buffer.barrierOps.begin(), buffer.barrierOps.end());
    SmallVector<Value> worklist;
    for (Operation *op : buffer.ops)
      // A conversion into registers is done with its scratch when it ends.
      for (Value result : op->getResults())
        if (isa_and_present<tilegpu::SharedEncodingAttr>(
                cast<RankedTensorType>(result.getType()).getEncoding()))
          worklist.push_back(result);
    // A tile a loop carries (a dot deferred to the next iteration reads it)
    // is used wherever the loop's argument and result are.
    DenseSet<Value> seen;
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (!seen.insert(v).second)
        continue;
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (auto trans = dyn_cast<tile::TransOp>(user))
          worklist.push_back(trans.getResult());
        auto loop = dyn_cast<scf::ForOp>(user);
        if (loop && use.getOperandNumber() >= loop.getNumControlOperands()) {
          unsigned index = use.getOperandNumber() - loop.getNumControlOperands();
          worklist.push_back(loop.getRegionIterArgs()[index]);
          worklist.push_back(loop.getResult(index));
        }
        if (isa<scf::YieldOp>(user))
          if (auto loop = dyn_cast<scf::ForOp>(user->getParentOp()))
            worklist.push_back(loop.getResult(use.getOperandNumber()));
        touched.push_back(user);
      }
    }
    Block *block = buffer.ops.front()->getBlock();
    for (Operation *op : touched)
      while (!block->findAncestorOpInBlock(*op))
        block = block->getParentOp()->getBlock();
    buffer.start = std::numeric_limits<unsigned>::max();
    buffer.end = 0;
    for (Operation *op : touched) {
      Operation *ancestor = block->findAncestorOpInBlock(*op);
      buffer.start = std::min(buffer.start, first[ancestor]);
      buffer.end = std::max(buffer.end, last[ancestor]);
    }
    // A reduction's or a scan's scratch (a few words) is its own for the
    // whole kernel: nothing else that runs reuses it (only what runs in the
    // other branch of an scf.if), so one that runs once needs no barrier
    // before writing it.
    if (isa<tile::ReduceOp, tile::ScanOp>(buffer.ops.front())) {
      buffer.start = 0;
      buffer.end = std::numeric_limits<unsigned>::max();
    }
  }

  // First fit in program order.
  for (size_t i = 0; i < buffers.size(); ++i) {
    Buffer &buffer = buffers[i];
    int64_t offset = 0;
    bool moved = true;
    while (moved) {
      moved = false;
      for (size_t j = 0; j < i; ++j) {
        const Buffer &other = buffers[j];
        bool liveTogether =
            buffer.start <= other.end && other.start <= buffer.end &&
            !exclusive(buffer.ops, other.ops);
        bool overlap = offset < other.offset + other.size &&
                       other.offset < offset + buffer.size;
        if (liveTogether && overlap) {
          offset = llvm::alignTo(other.offset + other.size, alignment);
          moved = true;
        }
      }
    }
    buffer.offset = offset;
    totalSize = std::max(totalSize, offset + buffer.size);
  }
  // The mbarriers of TMA-filled buffers, one 8-byte barrier per stage, after
  // every tile and never shared: a few words, where interleaving them with
  // the tiles would cost each following buffer its alignment.
  for (Buffer &buffer : buffers) {
    if (buffer.barrierOps.empty())
      continue;
    buffer.barrierOffset = llvm::alignTo(totalSize, 8);
    totalSize = buffer.barrierOffset +
                8 * buffer.stages * (buffer.emptyBarriers ? 2 : 1);
  }
}

void SharedAllocation::annotate(func::FuncOp kernel) const {
  Builder b(kernel.getContext());
  for (const Buffer &buffer : buffers) {
    for (Operation *op : buffer.ops) {
      op->setAttr("tilegpu.shared_offset", b.getI64IntegerAttr(buffer.offset));
      if (!buffer.barrierOps.empty() && isa<tilegpu::AsyncLoadOp>(op))
        op->setAttr(tilegpu::TileGPUDialect::kBarrierOffsetAttrName,
                    b.getI64IntegerAttr(buffer.barrierOffset));
    }
    // Acquire and release use the empty barriers, after the full ones.
    for (Operation *op : buffer.barrierOps) {
      int64_t offset = buffer.barrierOffset;
      if (isa<tilegpu::StageAcquireOp, tilegpu::StageReleaseOp>(op))
        offset += 8 * buffer.stages;
      op->setAttr(tilegpu::TileGPUDialect::kBarrierOffsetAttrName,
                  b.getI64IntegerAttr(offset));
    }
  }
  kernel->setAttr(tilegpu::TileGPUDialect::kSharedBytesAttrName,
                  b.getI64IntegerAttr(totalSize));
}

LogicalResult SharedAllocation::checkBudget(func::FuncOp kernel,
                                            int64_t budget,
                                            StringRef chip) const {
  if (totalSize <= budget)
    return success();
  InFlightDiagnostic diag = kernel.emitError()
                            << "needs " << totalSize
                            << " bytes of shared memory, over the " << chip
                            << " budget of " << budget << " bytes";
  for (const Buffer &buffer : buffers)
    diag.attachNote(buffer.ops.front()->getLoc())
        << "buffer of " << buffer.size << " bytes for " << buffer.tileType
        << " ("
        << buffer.stages << " stage" << (buffer.stages > 1 ? "s" : "")
        << ") at offset " << buffer.offset;
  return failure();
}

void SharedAllocation::print(raw_ostream &os) const {
  for (const Buffer &buffer : buffers) {
    os << "buffer offset=" << buffer.offset << " size=" << buffer.size
       << " stages=" << buffer.stages;
    if (!buffer.barrierOps.empty())
      os << " barriers=" << buffer.barrierOffset;
    os << " live=[" << buffer.start << ", " << buffer.end << "] "
       << buffer.tileType << "\n";
  }
  os << "total=" << totalSize << "\n";
}
