//===- tessera-frontend-fuzzer.cpp - libFuzzer target of the frontend -----===//
//
// Part of Tessera. Feeds arbitrary bytes to tessera::frontend::compileTile.
// Any input may be rejected with diagnostics; none may crash, hang, leak or
// trip a sanitizer. Run with -close_fd_mask=2 to silence the diagnostics.
//
//===----------------------------------------------------------------------===//

#include "tessera/Frontend/Frontend.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>

// MLIR is linked uninstrumented while this binary's copies of LLVM's inline
// BumpPtrAllocator poison the free rest of every slab they create: a slab
// one side creates and the other allocates from then reads as poisoned (a
// false use-after-poison in MLIR's storage uniquer). The sanitizer build's
// suites run with the same option (tools/run.sh, sanitize_env).
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.tile"), llvm::SMLoc());

  // A fresh context per input, so that inputs cannot affect each other.
  mlir::DialectRegistry registry;
  tessera::frontend::registerFrontendDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);

  tessera::frontend::CompileOptions options;
  (void)tessera::frontend::compileTile(sourceMgr, context, options);
  return 0;
}
