//===- Files.cpp - Bounded reads of regular files -------------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Files.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>

namespace tessera {
namespace runtime {

namespace {

/// Closes a file descriptor on scope exit.
class FileDescriptor {
public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  FileDescriptor(const FileDescriptor &) = delete;
  FileDescriptor &operator=(const FileDescriptor &) = delete;
  int get() const { return fd_; }

private:
  int fd_;
};

} // namespace

Expected<std::string> readRegularFile(const std::string &path, size_t maxBytes,
                                      const std::string &what) {
  std::string prefix = what + " " + path + ": ";
  if (path.find('\0') != std::string::npos)
    return Status::error(what + ": the path contains a NUL byte");
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (file.get() < 0)
    return Status::error(prefix + std::strerror(errno));
  struct stat info;
  if (::fstat(file.get(), &info) != 0)
    return Status::error(prefix + std::strerror(errno));
  if (!S_ISREG(info.st_mode))
    return Status::error(prefix + "not a regular file");
  std::string limit = std::to_string(maxBytes);
  if (info.st_size < 0 || static_cast<uint64_t>(info.st_size) > maxBytes)
    return Status::error(prefix + std::to_string(info.st_size) +
                         " bytes, more than the limit of " + limit);
  std::string contents(static_cast<size_t>(info.st_size), '\0');
  size_t done = 0;
  while (true) {
    // The file may grow while it is read: read up to one byte past the limit.
    if (done == contents.size()) {
      if (contents.size() > maxBytes)
        return Status::error(prefix + "more than the limit of " + limit +
                             " bytes");
      contents.resize(contents.size() + 4096);
    }
    ssize_t got = ::read(file.get(), &contents[done], contents.size() - done);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return Status::error(prefix + std::strerror(errno));
    if (got == 0)
      break;
    done += static_cast<size_t>(got);
  }
  contents.resize(done);
  if (done > maxBytes)
    return Status::error(prefix + "more than the limit of " + limit + " bytes");
  return contents;
}

bool isRegularFile(const std::string &path) {
  struct stat info;
  return path.find('\0') == std::string::npos &&
         ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

} // namespace runtime
} // namespace tessera
