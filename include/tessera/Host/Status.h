//===- Status.h - Error-returning result types of the host code -*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The host code (and the runtime over it) reports failures by value, never by
/// exception: a `Status` is either success or an error message, and
/// `Expected<T>` is either a `T` or an error `Status`. Messages read as "what
/// was being done: what went wrong", and callers add context with
/// `Status::withContext`.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_HOST_STATUS_H
#define TESSERA_HOST_STATUS_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace tessera::host {

/// Success, or an error with a human-readable message.
class [[nodiscard]] Status {
public:
  /// Returns a success value.
  static Status success() { return Status(); }
  /// Returns an error carrying `message` (which must not be empty).
  static Status error(std::string message) {
    assert(!message.empty() && "an error needs a message");
    Status status;
    status.message_ = std::move(message);
    return status;
  }

  /// True when this is a success.
  bool ok() const { return message_.empty(); }
  /// The error message (empty on success).
  const std::string &message() const { return message_; }

  /// Returns this error with "`context`: " in front; success stays success.
  Status withContext(const std::string &context) const {
    if (ok())
      return *this;
    return error(context + ": " + message_);
  }

private:
  Status() = default;
  std::string message_;
};

/// Either a value of type `T` or an error `Status`.
template <typename T> class [[nodiscard]] Expected {
public:
  /// Wraps a value.
  Expected(T value) : value_(std::move(value)), status_(Status::success()) {}
  /// Wraps an error; `status` must not be a success.
  Expected(Status status) : status_(std::move(status)) {
    assert(!status_.ok() && "Expected<T> built from a success Status");
  }

  /// True when this holds a value.
  bool ok() const { return value_.has_value(); }
  /// The error (success when a value is held).
  const Status &status() const { return status_; }
  /// The error message (empty when a value is held).
  const std::string &message() const { return status_.message(); }

  T &value() {
    assert(ok() && "value() of an error");
    return *value_;
  }
  const T &value() const {
    assert(ok() && "value() of an error");
    return *value_;
  }
  /// Moves the value out.
  T take() {
    assert(ok() && "take() of an error");
    return std::move(*value_);
  }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }
  T &operator*() { return value(); }
  const T &operator*() const { return value(); }

private:
  std::optional<T> value_;
  Status status_;
};

} // namespace tessera::host

/// Returns from the enclosing function when `expr` (a Status) is an error.
#define TESSERA_RETURN_IF_ERROR(expr)                                          \
  do {                                                                         \
    ::tessera::host::Status tesseraStatus_ = (expr);                           \
    if (!tesseraStatus_.ok())                                                  \
      return tesseraStatus_;                                                   \
  } while (false)

#endif // TESSERA_HOST_STATUS_H
