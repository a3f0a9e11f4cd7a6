//===- Ptxas.cpp - Assembling PTX with ptxas and reading its report -------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//
//
// `ptxas -v` reports, per function, on stderr:
//
//   ptxas info    : Compiling entry function 'fa2' for 'sm_90a'
//   ptxas info    : Function properties for fa2
//       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 168 registers, used 1 barriers, 1024 bytes smem, ...
//
// The `smem` item is absent when the function has no static shared memory.
//
//===----------------------------------------------------------------------===//

#include "tessera/Target/Target.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace tessera {

/// Sets `out` to the integer of capture group 1 of `pattern` in `line`;
/// leaves it unchanged when the pattern does not match.
static void readCount(llvm::StringRef line, llvm::StringRef pattern,
                      int64_t &out) {
  llvm::SmallVector<llvm::StringRef, 2> groups;
  if (llvm::Regex(pattern).match(line, &groups))
    (void)llvm::to_integer(groups[1], out, 10);
}

llvm::Expected<KernelResources> parsePtxasLog(llvm::StringRef log,
                                              llvm::StringRef symbol) {
  KernelResources resources;
  llvm::StringRef function; // the function the current lines are about
  bool inProperties = false, sawUsage = false;
  llvm::SmallVector<llvm::StringRef> lines;
  log.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 2> groups;
    if (llvm::Regex("Compiling entry function '([^']+)'")
            .match(line, &groups)) {
      function = groups[1];
      continue;
    }
    if (llvm::Regex("Function properties for ([^ ]+)").match(line, &groups)) {
      function = groups[1].trim();
      inProperties = true;
      continue;
    }
    // Advisories name their function: "... for the function 'fa2'".
    if (line.starts_with("ptxas") &&
        line.contains("Potential Performance Loss") &&
        line.contains("'" + symbol.str() + "'")) {
      size_t colon = line.find(": ");
      resources.advisories.push_back(
          line.drop_front(colon == llvm::StringRef::npos ? 0 : colon + 2)
              .trim()
              .str());
      continue;
    }
    bool isOurs = function == symbol;
    if (inProperties) {
      inProperties = false;
      if (isOurs) {
        readCount(line, "([0-9]+) bytes stack frame", resources.stack);
        readCount(line, "([0-9]+) bytes spill stores", resources.spillStores);
        readCount(line, "([0-9]+) bytes spill loads", resources.spillLoads);
      }
      continue;
    }
    if (isOurs && line.contains("Used ")) {
      sawUsage = true;
      readCount(line, "Used ([0-9]+) registers", resources.registers);
      readCount(line, "([0-9]+) bytes smem", resources.staticSharedMemory);
    }
  }
  if (!sawUsage)
    return llvm::createStringError("ptxas -v did not report the registers of "
                                   "entry '" +
                                   symbol + "'");
  return resources;
}

llvm::Expected<std::string> findPtxas(const TargetOptions &options) {
  llvm::SmallString<128> path(options.cudaRoot);
  llvm::sys::path::append(path, "bin", "ptxas");
  if (!options.cudaRoot.empty() && llvm::sys::fs::can_execute(path))
    return std::string(path);
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  return llvm::createStringError(
      "ptxas not found in " + llvm::Twine(path) +
      " nor on PATH: install the CUDA toolkit or pass its root as cudaRoot");
}

namespace {
/// A temporary file that is removed when this object dies.
struct TempFile {
  llvm::SmallString<128> path;
  llvm::FileRemover remover;

  /// Creates an empty temporary file with suffix `suffix`, readable and
  /// writable by its owner only (createTemporaryFile would create it 0666
  /// less the umask, so that other users could read the kernel's PTX).
  static llvm::Expected<std::unique_ptr<TempFile>>
  create(llvm::StringRef suffix) {
    auto file = std::make_unique<TempFile>();
    llvm::SmallString<128> model;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, model);
    llvm::sys::path::append(model, "tessera-%%%%%%%%." + suffix);
    int fd;
    if (std::error_code ec = llvm::sys::fs::createUniqueFile(
            model, fd, file->path, llvm::sys::fs::OF_None,
            llvm::sys::fs::owner_read | llvm::sys::fs::owner_write))
      return llvm::createStringError(ec, "cannot create a temporary ." +
                                             suffix + " file");
    file->remover.setFile(file->path);
    (void)llvm::sys::Process::SafelyCloseFileDescriptor(fd);
    return file;
  }
};
} // namespace

/// Reads the whole file at `path`.
static llvm::Expected<std::string> readFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "cannot read " + path);
  return (*buffer)->getBuffer().str();
}

/// Runs ptxas once on the PTX in `input`, with `extra` options.
static llvm::Expected<PtxasResult>
runPtxas(llvm::StringRef ptxas, llvm::StringRef input, llvm::StringRef symbol,
         const KernelTarget &target, llvm::ArrayRef<llvm::StringRef> extra) {
  auto cubin = TempFile::create("cubin");
  if (!cubin)
    return cubin.takeError();
  auto log = TempFile::create("log");
  if (!log)
    return log.takeError();
  std::string arch = ("-arch=" + target.chip->name).str();
  std::string opt = "-O" + std::to_string(target.attr.getO());
  llvm::SmallVector<llvm::StringRef> args = {ptxas, arch, opt, "-v"};
  args.append(extra.begin(), extra.end());
  args.append({"-o", (*cubin)->path, input});
  // stdout and stderr go to the same file: ptxas writes -v to stderr.
  std::optional<llvm::StringRef> redirects[] = {std::nullopt,
                                                llvm::StringRef((*log)->path),
                                                llvm::StringRef((*log)->path)};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, /*Env=*/std::nullopt,
                                     redirects, /*SecondsToWait=*/0,
                                     /*MemoryLimit=*/0, &execError);
  PtxasResult result;
  if (llvm::Expected<std::string> text = readFile((*log)->path))
    result.log = std::move(*text);
  else
    return text.takeError();
  if (rc != 0)
    return llvm::createStringError(
        "ptxas " + arch + " failed" +
        (execError.empty() ? "" : " (" + execError + ")") + ":\n" +
        llvm::StringRef(result.log).rtrim());

  llvm::Expected<std::string> binary = readFile((*cubin)->path);
  if (!binary)
    return binary.takeError();
  result.cubin = std::move(*binary);
  llvm::Expected<KernelResources> resources = parsePtxasLog(result.log, symbol);
  if (!resources)
    return resources.takeError();
  result.resources = *resources;
  return result;
}

/// Whether `ptx` caps its kernel's registers (`.maxnreg`, from
/// nvvm.maxnreg: a config's max_registers).
static bool capsRegisters(llvm::StringRef ptx) {
  return llvm::Regex("(^|\n)[ \t]*\\.maxnreg[ \t]").match(ptx);
}

llvm::Expected<PtxasResult> assembleWithPtxas(llvm::StringRef ptx,
                                              llvm::StringRef symbol,
                                              const KernelTarget &target,
                                              const TargetOptions &options) {
  llvm::Expected<std::string> ptxas = findPtxas(options);
  if (!ptxas)
    return ptxas.takeError();

  auto input = TempFile::create("ptx");
  if (!input)
    return input.takeError();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os((*input)->path, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + (*input)->path);
    os << ptx;
  }

  llvm::Expected<PtxasResult> result =
      runPtxas(*ptxas, (*input)->path, symbol, target, {});
  if (!result || !capsRegisters(ptx))
    return result;
  auto spilled = [](const KernelResources &r) {
    return r.spillStores + r.spillLoads;
  };
  if (spilled(result->resources) == 0)
    return result;
  // Under a register cap ptxas's default heuristic (which trades registers
  // for instruction-level parallelism) may spill where its lowest register
  // usage level fits the cap without spilling (test/gpu/RESULTS.md v40: a
  // LayerNorm kernel under a 64-register cap, 8 B spilled at the default,
  // none at level 0). Keep whichever spills less.
  llvm::Expected<PtxasResult> lowest = runPtxas(
      *ptxas, (*input)->path, symbol, target, {"--register-usage-level", "0"});
  if (!lowest) {
    llvm::consumeError(lowest.takeError());
    return result;
  }
  if (spilled(lowest->resources) < spilled(result->resources))
    return lowest;
  return result;
}

} // namespace tessera
