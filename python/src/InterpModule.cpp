//===- InterpModule.cpp - The tile interpreter as a Python module ---------===//
//
// Part of Tessera. `tessera._interp`, the CPU interpreter (lib/Interpreter)
// behind `tessera.interpret`: a `Program` is one kernel of a .tile source
// (through the frontend, with -D overrides) or of a .mlir tile module,
// checked like tessera-run checks it (it must also lower for a GPU chip,
// unless gpu_check is "none"), that runs on numpy arrays:
//
//   program = _interp.Program(source, "fa2.tile", [("CAUSAL", "1")], "",
//                             "sm_90a", False)
//   program.params   # [{"name": "Q", "kind": "tensor", "dtype": "f16",
//                    #   "shape": ["BH", "N", 64], "role": "input"}, ...]
//   program.run([q, k, v, 0.125, out, lse])   # float64 / int64 arrays
//
// Tensors are passed as C-contiguous float64 arrays (int64 for integer
// dtypes); the values are rounded to the parameter's dtype on the way in, and
// every output/inout tensor is written back into its array after the run.
// Errors (frontend, GPU check, argument binding, runtime) raise
// `_interp.Error` with the diagnostics as tessera-run prints them.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/PassPipelines.h"
#include "tessera/Frontend/Frontend.h"
#include "tessera/Interpreter/Interpreter.h"
#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace py = pybind11;
namespace interp = tessera::interp;
namespace tile = tessera::tile;

namespace {

/// A user-facing failure: the collected diagnostics.
struct InterpError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Collects what is written to file descriptor 2 while alive: the frontend
/// reports some errors straight to llvm::errs() (and installs its own
/// diagnostic handler), so the compile phase runs inside one of these.
class StderrCapture {
public:
  StderrCapture() {
    std::fflush(stderr);
    file = std::tmpfile();
    saved = file ? ::dup(2) : -1;
    if (saved >= 0)
      ::dup2(::fileno(file), 2);
  }
  ~StderrCapture() { finish(); }

  /// Restores stderr and returns what was written.
  std::string finish() {
    std::string text;
    if (saved < 0)
      return text;
    llvm::errs().flush();
    std::fflush(stderr);
    ::dup2(saved, 2);
    ::close(saved);
    saved = -1;
    std::rewind(file);
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof(buffer), file)) > 0;)
      text.append(buffer, n);
    std::fclose(file);
    return text;
  }

private:
  std::FILE *file = nullptr;
  int saved = -1;
};

/// One kernel, compiled once and runnable many times.
class Program {
public:
  Program(const std::string &source, const std::string &filename,
          const std::vector<std::pair<std::string, std::string>> &defines,
          const std::string &kernelName, const std::string &gpuCheck,
          bool decompose);

  std::string name() { return kernel.getSymName().str(); }
  /// What the compile phase printed without failing (warnings).
  std::string log;
  py::list params();
  py::dict run(const py::list &args);

private:
  /// Raises InterpError with the diagnostics so far, after `what`.
  [[noreturn]] void fail(const std::string &what);

  std::unique_ptr<mlir::MLIRContext> context;
  llvm::SourceMgr sourceMgr;
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream{diagnostics};
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> handler;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp kernel;
};

Program::Program(
    const std::string &source, const std::string &filename,
    const std::vector<std::pair<std::string, std::string>> &defines,
    const std::string &kernelName, const std::string &gpuCheck,
    bool decompose) {
  mlir::DialectRegistry registry;
  registry.insert<tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect>();
  tessera::frontend::registerFrontendDialects(registry);
  context = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  context->printOpOnDiagnostic(false);
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, filename), llvm::SMLoc());
  handler = std::make_unique<mlir::SourceMgrDiagnosticHandler>(
      sourceMgr, context.get(), diagnosticStream);

  bool isTile = llvm::StringRef(filename).ends_with(".tile");
  StderrCapture capture;
  // Everything the compile phase prints joins the diagnostics.
  auto failCompile = [&](const std::string &what) {
    diagnostics = capture.finish() + diagnostics;
    fail(what);
  };
  if (isTile) {
    tessera::frontend::CompileOptions options;
    options.defines = defines;
    module = tessera::frontend::compileTile(sourceMgr, *context, options);
  } else {
    if (!defines.empty())
      throw InterpError("constants apply to .tile sources; a .mlir kernel's "
                        "constants are already folded");
    module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, context.get());
  }
  if (!module)
    failCompile("");
  // One semantics with the GPU (docs/interpreter.md): what cannot lower for
  // the chip is not run here either.
  if (isTile && gpuCheck != "none") {
    mlir::OwningOpRef<mlir::ModuleOp> copy = module->clone();
    mlir::PassManager pm(context.get());
    tessera::TesseraPipelineOptions pipeline;
    pipeline.chip = gpuCheck;
    tessera::buildTesseraToNVVMPipeline(pm, pipeline);
    if (mlir::failed(pm.run(*copy)))
      failCompile("the kernel does not compile for " + gpuCheck +
           " (the interpreter runs only what the GPU path accepts; "
           "gpu_check=\"none\" skips this check)");
  }
  if (decompose) {
    mlir::PassManager pm(context.get());
    pm.addPass(tessera::createTileDecomposeOnlineSoftmax());
    if (mlir::failed(pm.run(*module)))
      failCompile("");
  }
  // Warnings, if any, are kept for the Python side (Program.log).
  log = capture.finish();
  std::vector<mlir::func::FuncOp> kernels;
  for (auto func : module->getOps<mlir::func::FuncOp>())
    if (interp::isKernel(func))
      kernels.push_back(func);
  std::string known;
  for (mlir::func::FuncOp func : kernels) {
    known += (known.empty() ? "" : ", ") + func.getSymName().str();
    if (func.getSymName() == kernelName)
      kernel = func;
  }
  if (!kernelName.empty() && !kernel)
    throw InterpError("no kernel named '" + kernelName + "' in " + filename +
                      " (kernels: " + (known.empty() ? "none" : known) + ")");
  if (kernelName.empty() && kernels.size() == 1)
    kernel = kernels.front();
  if (!kernel)
    throw InterpError(kernels.empty()
                          ? "no kernel in " + filename
                          : filename + " has kernels " + known +
                                ": choose one with kernel=");
}

void Program::fail(const std::string &what) {
  std::string message = diagnostics;
  if (!what.empty())
    message += (message.empty() ? "" : "\n") + what;
  diagnostics.clear();
  throw InterpError(message.empty() ? "failed (no diagnostics)" : message);
}

/// The dtype name of a tensor (view) or scalar argument type.
static std::string dtypeName(mlir::Type type) {
  if (auto view = mlir::dyn_cast<tile::ViewType>(type))
    type = view.getElementType();
  if (std::optional<interp::DType> dtype = interp::getDTypeOf(type))
    return interp::getDTypeName(*dtype).str();
  if (type.isIndex())
    return "i64";
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

py::list Program::params() {
  py::list result;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    py::dict param;
    mlir::Type type = kernel.getArgument(i).getType();
    bool isTensor = mlir::isa<tile::ViewType>(type);
    param["name"] = interp::getArgumentName(kernel, i);
    param["kind"] = isTensor ? "tensor" : "scalar";
    param["dtype"] = dtypeName(type);
    auto role = kernel.getArgAttrOfType<mlir::StringAttr>(
        i, tile::TileDialect::kRoleAttrName);
    param["role"] = role ? role.getValue().str() : "input";
    if (isTensor) {
      py::list shape;
      if (auto dims = kernel.getArgAttrOfType<mlir::ArrayAttr>(
              i, tile::TileDialect::kShapeAttrName)) {
        for (mlir::Attribute dim : dims) {
          if (auto fixed = mlir::dyn_cast<mlir::IntegerAttr>(dim))
            shape.append(fixed.getInt());
          else
            shape.append(mlir::cast<mlir::StringAttr>(dim).getValue().str());
        }
      }
      param["shape"] = shape;
    }
    if (auto init = kernel.getArgAttrOfType<mlir::FloatAttr>(
            i, tile::TileDialect::kInitAttrName))
      param["init"] = init.getValueAsDouble();
    result.append(param);
  }
  return result;
}

py::dict Program::run(const py::list &args) {
  unsigned numArgs = kernel.getNumArguments();
  if (args.size() != numArgs)
    throw InterpError("kernel " + name() + " takes " +
                      std::to_string(numArgs) + " arguments, got " +
                      std::to_string(args.size()));
  std::deque<interp::Tensor> tensors;
  std::vector<interp::KernelArg> kernelArgs;
  // The array each tensor argument came from, to write outputs back.
  std::vector<std::pair<py::array, interp::Tensor *>> writeBack;
  for (unsigned i = 0; i < numArgs; ++i) {
    std::string argName = interp::getArgumentName(kernel, i);
    py::handle value = args[i];
    auto view = mlir::dyn_cast<tile::ViewType>(kernel.getArgument(i).getType());
    if (!view) {
      if (!py::isinstance<py::float_>(value) && !py::isinstance<py::int_>(value))
        throw InterpError(argName + ": expected a number for a scalar argument");
      kernelArgs.push_back(interp::KernelArg::scalar(value.cast<double>()));
      continue;
    }
    interp::DType dtype = *interp::getDTypeOf(view.getElementType());
    bool isFloat = interp::isFloatDType(dtype);
    bool typed = isFloat ? py::isinstance<py::array_t<double>>(value)
                         : py::isinstance<py::array_t<int64_t>>(value);
    if (!typed || !(py::reinterpret_borrow<py::array>(value).flags() &
                    py::array::c_style) ||
        !py::reinterpret_borrow<py::array>(value).writeable())
      throw InterpError(argName + ": expected a writable C-contiguous " +
                        (isFloat ? "float64" : "int64") + " array");
    py::array array = py::reinterpret_borrow<py::array>(value);
    std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
    interp::Tensor &tensor = tensors.emplace_back(dtype, shape);
    int64_t count = tensor.getNumElements();
    if (isFloat) {
      const double *data = static_cast<const double *>(array.data());
      for (int64_t j = 0; j < count; ++j)
        tensor.setLinear(j, data[j]);
    } else {
      const int64_t *data = static_cast<const int64_t *>(array.data());
      for (int64_t j = 0; j < count; ++j)
        tensor.storeInt(tensor.getLinearOffset(j), data[j]);
    }
    kernelArgs.push_back(interp::KernelArg::tensor(tensor));
    auto role = kernel.getArgAttrOfType<mlir::StringAttr>(
        i, tile::TileDialect::kRoleAttrName);
    if (role && role.getValue() != "input")
      writeBack.emplace_back(array, &tensor);
  }

  mlir::FailureOr<interp::LaunchConfig> config =
      interp::resolveLaunch(kernel, kernelArgs);
  if (mlir::failed(config))
    fail("");
  mlir::LogicalResult status = mlir::success();
  {
    py::gil_scoped_release release;
    status = interp::runKernel(kernel, kernelArgs);
  }
  if (mlir::failed(status))
    fail("");
  for (auto &[array, tensor] : writeBack) {
    int64_t count = tensor->getNumElements();
    if (interp::isFloatDType(tensor->getDType())) {
      double *data = static_cast<double *>(array.mutable_data());
      for (int64_t j = 0; j < count; ++j)
        data[j] = tensor->getLinear(j);
    } else {
      int64_t *data = static_cast<int64_t *>(array.mutable_data());
      for (int64_t j = 0; j < count; ++j)
        data[j] = tensor->loadInt(tensor->getLinearOffset(j));
    }
  }
  py::dict result;
  result["grid"] = py::make_tuple(config->grid[0], config->grid[1],
                                  config->grid[2]);
  py::dict sizes;
  for (const auto &[size, value] : config->sizes)
    sizes[py::str(size)] = value;
  result["sizes"] = sizes;
  return result;
}

} // namespace

PYBIND11_MODULE(_interp, m) {
  m.doc() = "The Tessera tile interpreter (lib/Interpreter) on numpy arrays";
  py::register_exception<InterpError>(m, "Error", PyExc_RuntimeError);
  py::class_<Program>(m, "Program")
      .def(py::init<const std::string &, const std::string &,
                    const std::vector<std::pair<std::string, std::string>> &,
                    const std::string &, const std::string &, bool>(),
           py::arg("source"), py::arg("filename"), py::arg("defines"),
           py::arg("kernel") = "", py::arg("gpu_check") = "sm_90a",
           py::arg("decompose") = false)
      .def_property_readonly("name", &Program::name)
      .def_readonly("log", &Program::log)
      .def_property_readonly("params", &Program::params)
      .def("run", &Program::run, py::arg("args"));
}
