//===- DriverTest.cpp - Tests of the driver loading and GPU paths ---------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
//
// On machines without a driver (CI) these check that every entry point fails
// cleanly; on a GPU host the smoke test runs the hand-written axpy kernel.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "Smoke.h"

#include "tessera/Runtime/Module.h"
#include "tessera/Runtime/tessera_runtime.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace rt = tessera::runtime;

namespace {

const char *const kSmokeManifest = TESSERA_SMOKE_DIR "/axpy.json";

bool haveGpu() { return rt::openDevice(0).ok(); }

TEST(Driver, MissingLibraryIsACleanError) {
  rt::Expected<std::unique_ptr<rt::CudaDriver>> driver =
      rt::CudaDriver::open("libtessera-no-such-driver.so.1");
  ASSERT_FALSE(driver.ok());
  EXPECT_EQ(driver.message().rfind("loading the CUDA driver: ", 0), 0u)
      << driver.message();
  EXPECT_NE(driver.message().find("libtessera-no-such-driver.so.1"),
            std::string::npos);
}

TEST(Driver, StubLibraryResolvesButDoesNotInitialise) {
  const char *stub = "/usr/local/cuda/lib64/stubs/libcuda.so";
  if (!std::ifstream(stub))
    GTEST_SKIP() << "no CUDA stub library at " << stub;
  rt::Expected<std::unique_ptr<rt::CudaDriver>> driver =
      rt::CudaDriver::open(stub);
  ASSERT_TRUE(driver.ok()) << driver.message();
  rt::Status status = (*driver)->check((*driver)->cuInit(0), "initialising");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message().rfind("initialising: CUDA", 0), 0u)
      << status.message();
}

TEST(Driver, NoGpuModuleLoadFailsCleanly) {
  if (haveGpu())
    GTEST_SKIP() << "a GPU is present; the no-GPU path cannot be tested here";
  rt::Expected<rt::Module> module = rt::Module::load(kSmokeManifest);
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.message().rfind(
                std::string("loading ") + kSmokeManifest + ": ", 0),
            0u)
      << module.message();
  rt::Expected<rt::DeviceBuffer> buffer = rt::DeviceBuffer::allocate(64);
  EXPECT_FALSE(buffer.ok());
  EXPECT_FALSE(rt::synchronize().ok());
}

TEST(Driver, ManifestErrorsComeBeforeDriverErrors) {
  rt::Expected<rt::Module> module = rt::Module::load("/nonexistent/k.json");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.message(),
            "reading manifest /nonexistent/k.json: No such file or directory");
}

TEST(CApi, ReportsErrorsThroughBufferAndLastError) {
  tessera_module *module = reinterpret_cast<tessera_module *>(0x1);
  char error[64];
  EXPECT_EQ(
      tessera_module_load("/nonexistent/k.json", &module, error, sizeof(error)),
      -1);
  EXPECT_EQ(module, nullptr);
  EXPECT_EQ(std::string(error),
            std::string(tessera_last_error()).substr(0, 63));
  EXPECT_NE(std::string(tessera_last_error()).find("No such file"),
            std::string::npos);
  EXPECT_EQ(tessera_module_load(nullptr, &module, nullptr, 0), -1);
  EXPECT_EQ(tessera_launch(nullptr, nullptr, 0, nullptr), -1);
  EXPECT_STREQ(tessera_last_error(), "module is NULL");
  EXPECT_EQ(tessera_api_version(), TESSERA_RUNTIME_API_VERSION);
  tessera_module_unload(nullptr);
}

TEST(CApi, ManifestJsonIsTheRuntimesReading) {
  // No GPU needed: the manifest read by the schema, written back as the
  // compiler writes it (what the Python package reads).
  const char *json = tessera_manifest_json(kSmokeManifest);
  ASSERT_NE(json, nullptr) << tessera_last_error();
  rt::Expected<rt::Manifest> direct = rt::Manifest::load(kSmokeManifest);
  ASSERT_TRUE(direct.ok()) << direct.message();
  EXPECT_EQ(std::string(json), direct->toJson());
  EXPECT_EQ(tessera_manifest_json("/nonexistent/k.json"), nullptr);
  EXPECT_EQ(std::string(tessera_last_error()),
            "reading manifest /nonexistent/k.json: No such file or directory");
  EXPECT_EQ(tessera_manifest_json(nullptr), nullptr);
  EXPECT_STREQ(tessera_last_error(),
               "tessera_manifest_json: manifest_path must not be NULL");
}

TEST(CApi, NoGpuLoadFailsCleanly) {
  if (haveGpu())
    GTEST_SKIP() << "a GPU is present";
  tessera_module *module = nullptr;
  char error[512];
  EXPECT_EQ(tessera_module_load(kSmokeManifest, &module, error, sizeof(error)),
            -1);
  EXPECT_NE(std::string(error).find("CUDA"), std::string::npos) << error;
}

TEST(Gpu, SmokeAxpy) {
  rt::Expected<rt::DeviceInfo> device = rt::openDevice(0);
  if (!device.ok())
    GTEST_SKIP() << "no GPU: " << device.message();
  std::ostringstream log;
  rt::Status status =
      tessera::bench::runSmoke(kSmokeManifest, /*preferCubin=*/true,
                               /*expectCubin=*/false, log);
  EXPECT_TRUE(status.ok()) << status.message() << "\n" << log.str();
}

} // namespace
