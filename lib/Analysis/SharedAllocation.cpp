//===- SharedAllocation.cpp - Shared-memory buffers of a kernel -----------===//
//
// Part of Tessera. Sizes -> live ranges -> first-fit offsets, in program
// order, so the result is deterministic.
//
//===----------------------------------------------------------------------===//

#include "tessera/Analysis/SharedAllocation.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace tessera;

std::optional<int64_t> tessera::sharedMemoryBudget(StringRef chip) {
  return llvm::StringSwitch<std::optional<int64_t>>(chip)
      .Cases({"sm_90", "sm_90a"}, 227 * 1024)
      .Case("sm_80", 163 * 1024)
      .Cases({"sm_86", "sm_89", "sm_120"}, 99 * 1024)
      .Default(std::nullopt);
}

StringRef tessera::supportedChips() {
  return "sm_80, sm_86, sm_89, sm_90, sm_90a, sm_120";
}

/// The number of pipeline stages a load's buffer needs (set by the
/// software pipeliner, 1 otherwise).
static unsigned stagesOf(Operation *load) {
  auto attr = load->getAttrOfType<IntegerAttr>("tilegpu.stages");
  return attr ? std::max<int64_t>(1, attr.getInt()) : 1;
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

  kernel.walk([&](tile::LoadOp load) {
    auto type = load.getType();
    if (!isa_and_present<tilegpu::SharedEncodingAttr>(type.getEncoding()))
      return;
    Buffer buffer;
    buffer.owner = load;
    buffer.stages = stagesOf(load);
    buffer.size = type.getNumElements() *
                  ((type.getElementTypeBitWidth() + 7) / 8) * buffer.stages;
    buffer.start = first[load];
    buffer.end = first[load];
    // The buffer lives until the last use of the tile or of a transpose of it,
    // measured at the level of the load (a use inside a loop keeps it for the
    // whole loop).
    SmallVector<Value> worklist{load.getResult()};
    Block *block = load->getBlock();
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (auto trans = dyn_cast<tile::TransOp>(user))
          worklist.push_back(trans.getResult());
        if (Operation *ancestor = block->findAncestorOpInBlock(*user))
          buffer.end = std::max(buffer.end, last[ancestor]);
      }
    }
    // A load inside a loop is refilled every iteration while the previous
    // iteration's readers may still run: live for the whole loop body.
    if (stagesOf(load) > 1)
      if (Operation *parent = load->getParentOp(); parent && parent != kernel)
        buffer.end = std::max(buffer.end, last[parent]);
    buffers.push_back(buffer);
  });

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
            buffer.start <= other.end && other.start <= buffer.end;
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
}

void SharedAllocation::annotate(func::FuncOp kernel) const {
  Builder b(kernel.getContext());
  for (const Buffer &buffer : buffers)
    buffer.owner->setAttr("tilegpu.shared_offset",
                          b.getI64IntegerAttr(buffer.offset));
  kernel->setAttr("tessera.shared_bytes", b.getI64IntegerAttr(totalSize));
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
    diag.attachNote(buffer.owner->getLoc())
        << "buffer of " << buffer.size << " bytes for "
        << cast<tile::LoadOp>(buffer.owner).getType() << " ("
        << buffer.stages << " stage" << (buffer.stages > 1 ? "s" : "")
        << ") at offset " << buffer.offset;
  return failure();
}

void SharedAllocation::print(raw_ostream &os) const {
  for (const Buffer &buffer : buffers)
    os << "buffer offset=" << buffer.offset << " size=" << buffer.size
       << " stages=" << buffer.stages << " live=[" << buffer.start << ", "
       << buffer.end << "] "
       << cast<tile::LoadOp>(buffer.owner).getType() << "\n";
  os << "total=" << totalSize << "\n";
}
