//===- FilesTest.cpp - Tests of untrusted file reads ----------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
//
// Issue 16.5: manifests and the binaries they name are untrusted. The runtime
// reads only regular files, at most a bounded number of bytes, and a manifest
// cannot point it at files outside its folder.
//
//===----------------------------------------------------------------------===//

#include "Files.h"
#include "TestManifests.h"

#include "tessera/Runtime/Manifest.h"
#include "tessera/Runtime/Module.h"
#include "tessera/Runtime/tessera_runtime.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace rt = tessera::runtime;

namespace {

/// A fresh temporary folder, removed (with its files) at the end.
class FilesTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string pattern = ::testing::TempDir() + "tessera-files-XXXXXX";
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    folder = pattern;
  }
  void TearDown() override {
    for (const std::string &file : files)
      ::unlink(file.c_str());
    ::rmdir(folder.c_str());
  }

  /// Writes `text` to `name` in the folder; returns its path.
  std::string write(const std::string &name, const std::string &text) {
    std::string path = folder + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    files.push_back(path);
    return path;
  }

  std::string folder;
  std::vector<std::string> files;
};

TEST_F(FilesTest, ReadsRegularFilesUpToTheLimit) {
  std::string path = write("four.bin", "abcd");
  rt::Expected<std::string> text = rt::readRegularFile(path, 4, "reading");
  ASSERT_TRUE(text.ok()) << text.message();
  EXPECT_EQ(*text, "abcd");
  rt::Expected<std::string> tooBig = rt::readRegularFile(path, 3, "reading");
  ASSERT_FALSE(tooBig.ok());
  EXPECT_EQ(tooBig.message(),
            "reading " + path + ": 4 bytes, more than the limit of 3");
  EXPECT_TRUE(rt::isRegularFile(path));
  EXPECT_FALSE(rt::isRegularFile(folder));
  EXPECT_FALSE(rt::isRegularFile(folder + "/missing"));
}

TEST_F(FilesTest, RefusesDevicesFifosAndFolders) {
  rt::Expected<std::string> zero =
      rt::readRegularFile("/dev/zero", 1 << 20, "reading");
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.message(), "reading /dev/zero: not a regular file");
  rt::Expected<std::string> folderRead =
      rt::readRegularFile(folder, 1 << 20, "reading");
  ASSERT_FALSE(folderRead.ok());
  EXPECT_EQ(folderRead.message(), "reading " + folder + ": not a regular file");
  // Opening a FIFO must not wait for a writer.
  std::string fifo = folder + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  files.push_back(fifo);
  rt::Expected<std::string> fifoRead =
      rt::readRegularFile(fifo, 1 << 20, "reading");
  ASSERT_FALSE(fifoRead.ok());
  EXPECT_EQ(fifoRead.message(), "reading " + fifo + ": not a regular file");
  rt::Expected<rt::Manifest> manifest = rt::Manifest::load("/dev/zero");
  ASSERT_FALSE(manifest.ok());
  EXPECT_EQ(manifest.message(),
            "reading manifest /dev/zero: not a regular file");
}

TEST_F(FilesTest, ModuleLoadRejectsEscapingPathsBeforeTheDriver) {
  using tessera::test::replaced;
  std::string text = tessera::test::fa2ManifestText();
  std::string absolute =
      write("absolute.json", replaced(text, "\"fa2.ptx\"", "\"/dev/zero\""));
  std::string dotdot = write(
      "dotdot.json", replaced(text, "\"fa2.cubin\"", "\"../../x.cubin\""));
  for (const std::string &path : {absolute, dotdot}) {
    rt::Expected<rt::Module> module = rt::Module::load(path);
    ASSERT_FALSE(module.ok());
    EXPECT_NE(module.message().find("binaries must lie in the manifest's "
                                    "folder"),
              std::string::npos)
        << module.message();
    tessera_module *handle = nullptr;
    char error[512];
    EXPECT_EQ(tessera_module_load(path.c_str(), &handle, error, sizeof(error)),
              -1);
    EXPECT_NE(std::string(error).find("binaries must lie in the manifest's "
                                      "folder"),
              std::string::npos)
        << error;
  }
  // Opting in gets past the manifest (to the driver, absent here, or to
  // reading /dev/zero, refused as not a regular file, on a GPU host).
  rt::LoadOptions options;
  options.allowExternalBinaries = true;
  rt::Expected<rt::Module> module = rt::Module::load(absolute, options);
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.message().find("binaries must lie"), std::string::npos)
      << module.message();
}

// Issue 16.1: a ctypes caller of tessera_module_load died on a 40 KB manifest
// with a deeply nested grid expression.
TEST_F(FilesTest, CApiRejectsDeepGridExpressions) {
  std::string deep = std::string(15000, '(') + "N" + std::string(15000, ')');
  std::string path =
      write("deep.json",
            tessera::test::replaced(tessera::test::fa2ManifestText(),
                                    "\"cdiv(N, 128)\"", "\"" + deep + "\""));
  tessera_module *handle = nullptr;
  char error[512];
  EXPECT_EQ(tessera_module_load(path.c_str(), &handle, error, sizeof(error)),
            -1);
  EXPECT_EQ(handle, nullptr);
  EXPECT_NE(std::string(error).find("grid[0]: in expression \"((("),
            std::string::npos)
      << error;
  EXPECT_NE(std::string(error).find("expression is 30001 bytes long (the "
                                    "limit is 4096)"),
            std::string::npos)
      << error;
}

} // namespace
