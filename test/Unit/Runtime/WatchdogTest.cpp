//===- WatchdogTest.cpp - Tests of the watchdog for hung kernels ----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
//
// Without a GPU: the runtime's polling wait against a fake clock, the
// supervisor against forked workers that sleep forever or crash, the
// worker's result encoding, and tessera-bench --test-hang end to end.
//
//===----------------------------------------------------------------------===//

#include "Report.h"
#include "Supervisor.h"

#include "tessera/Runtime/Manifest.h"
#include "tessera/Runtime/Watchdog.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace rt = tessera::runtime;
namespace tb = tessera::bench;

namespace {

/// A clock that advances only when slept on, recording each sleep.
struct FakeClock {
  double time = 100;
  std::vector<double> sleeps;
  rt::WaitClock clock() {
    return {[this] { return time; },
            [this](double seconds) {
              sleeps.push_back(seconds);
              time += seconds;
            }};
  }
};

TEST(Watchdog, PollReturnsAsSoonAsDone) {
  FakeClock fake;
  int calls = 0;
  EXPECT_TRUE(rt::pollUntil([&] { return ++calls == 3; }, 5, fake.clock()));
  EXPECT_EQ(calls, 3);
  // The first polls do not sleep (a sleep of 0 only yields).
  EXPECT_EQ(fake.sleeps, (std::vector<double>{0, 0}));
}

TEST(Watchdog, PollTimesOutAtTheDeadlineWithBoundedSleeps) {
  FakeClock fake;
  int calls = 0;
  EXPECT_FALSE(rt::pollUntil(
      [&] {
        ++calls;
        return false;
      },
      2.5, fake.clock()));
  EXPECT_DOUBLE_EQ(fake.time, 102.5); // Exactly the deadline, not past it.
  double longest = 0;
  for (double sleep : fake.sleeps)
    longest = std::max(longest, sleep);
  EXPECT_LE(longest, 1e-3); // A finished kernel is noticed within 1 ms.
  EXPECT_GT(calls, 2500);   // ~1 ms polls over 2.5 s.
}

TEST(Watchdog, PollLooksOnceMoreAtTheDeadline) {
  FakeClock fake;
  // Finishes while the last sleep runs: not a timeout.
  EXPECT_TRUE(rt::pollUntil([&] { return fake.time >= 101; }, 1, fake.clock()));
}

TEST(Watchdog, NoTimeoutPollsUntilDone) {
  FakeClock fake;
  int calls = 0;
  EXPECT_TRUE(rt::pollUntil([&] { return ++calls == 5000; }, 0, fake.clock()));
  EXPECT_EQ(calls, 5000);
}

TEST(Watchdog, WaitTimeoutSetting) {
  rt::setWaitTimeout(2.5);
  EXPECT_EQ(rt::waitTimeout(), 2.5);
  rt::setWaitTimeout(-1);
  EXPECT_EQ(rt::waitTimeout(), 0);
  rt::setWaitTimeout(NAN);
  EXPECT_EQ(rt::waitTimeout(), 0);
  EXPECT_FALSE(rt::gpuHung());
  EXPECT_EQ(rt::gpuHungReason(), "");
}

//===----------------------------------------------------------------------===//
// Supervisor
//===----------------------------------------------------------------------===//

struct Recorded {
  std::vector<std::string> notes;
  std::vector<std::pair<size_t, tb::JobOutcome>> outcomes;
};

rt::Status superviseRecording(size_t count, double timeout,
                              const tb::WorkerMain &worker, Recorded &out) {
  tb::SuperviseOptions options;
  options.timeoutSeconds = timeout;
  return tb::supervise(
      count, options, worker,
      [&](const std::string &note) { out.notes.push_back(note); },
      [&](size_t job, const tb::JobOutcome &outcome) {
        out.outcomes.emplace_back(job, outcome);
      });
}

/// Job 1 hangs (sleeps forever), job 3 crashes, the others finish.
int flakyWorker(size_t first, tb::WorkerChannel &channel) {
  channel.note("worker from " + std::to_string(first));
  for (size_t job = first; job < 5; ++job) {
    channel.begin(job);
    if (job == 1)
      for (;;)
        std::this_thread::sleep_for(std::chrono::hours(1));
    // A crash the process cannot catch: SIGSEGV would meet the sanitizer
    // build's handler, which exits with status 1 instead.
    if (job == 3)
      std::raise(SIGKILL);
    channel.finish(job, "result\nof " + std::to_string(job));
  }
  return 0;
}

TEST(Supervisor, HungAndCrashedJobsAreReportedAndTheRunGoesOn) {
  Recorded out;
  auto start = std::chrono::steady_clock::now();
  rt::Status status = superviseRecording(5, 0.5, flakyWorker, out);
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_LT(seconds, 10);
  EXPECT_EQ(out.notes, (std::vector<std::string>{
                           "worker from 0", "worker from 2", "worker from 4"}));
  ASSERT_EQ(out.outcomes.size(), 5u);
  using Kind = tb::JobOutcome::Kind;
  const Kind expected[] = {Kind::Finished, Kind::TimedOut, Kind::Finished,
                           Kind::Crashed, Kind::Finished};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(out.outcomes[i].first, i);
    EXPECT_EQ(out.outcomes[i].second.kind, expected[i]) << "job " << i;
  }
  EXPECT_EQ(out.outcomes[0].second.payload, "result of 0");
  EXPECT_EQ(out.outcomes[4].second.payload, "result of 4");
  EXPECT_GE(out.outcomes[1].second.seconds, 0.5);
  EXPECT_NE(out.outcomes[3].second.detail.find("killed by signal 9"),
            std::string::npos)
      << out.outcomes[3].second.detail;
}

TEST(Supervisor, AWorkerThatStopsBetweenJobsIsReplaced) {
  // Like a worker whose GPU hung: reports job `first`, then exits.
  Recorded out;
  rt::Status status = superviseRecording(
      3, 5,
      [](size_t first, tb::WorkerChannel &channel) {
        channel.begin(first);
        channel.finish(first, "done " + std::to_string(first));
        return 3;
      },
      out);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(out.outcomes.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(out.outcomes[i].second.kind, tb::JobOutcome::Kind::Finished);
    EXPECT_EQ(out.outcomes[i].second.payload, "done " + std::to_string(i));
  }
}

TEST(Supervisor, AStartUpThatHangsCostsOneJob) {
  Recorded out;
  rt::Status status = superviseRecording(
      2, 0.3,
      [](size_t first, tb::WorkerChannel &channel) {
        if (first == 0)
          for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
        channel.begin(first);
        channel.finish(first, "ok");
        return 0;
      },
      out);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(out.outcomes.size(), 2u);
  EXPECT_EQ(out.outcomes[0].second.kind, tb::JobOutcome::Kind::TimedOut);
  EXPECT_EQ(out.outcomes[1].second.kind, tb::JobOutcome::Kind::Finished);
}

TEST(Supervisor, AbortEndsTheRunWithTheWorkersMessage) {
  Recorded out;
  rt::Status status = superviseRecording(
      4, 5,
      [](size_t first, tb::WorkerChannel &channel) {
        channel.begin(first);
        channel.finish(first, "first");
        channel.abort("no usable GPU: none here");
        return 1;
      },
      out);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(), "no usable GPU: none here");
  ASSERT_EQ(out.outcomes.size(), 1u);
  EXPECT_EQ(out.outcomes[0].second.payload, "first");
}

TEST(Supervisor, DescribesExits) {
  EXPECT_EQ(tb::describeExit(3 << 8), "exited with status 3");
  pid_t child = fork();
  if (child == 0) {
    std::signal(SIGABRT, SIG_DFL);
    std::abort();
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_EQ(tb::describeExit(status).rfind("killed by signal 6", 0), 0u)
      << tb::describeExit(status);
}

//===----------------------------------------------------------------------===//
// Results through the pipe, and their reports
//===----------------------------------------------------------------------===//

rt::Manifest hangManifest() {
  rt::Expected<rt::Manifest> manifest =
      rt::Manifest::load(TESSERA_SMOKE_DIR "/hang_spin.json");
  EXPECT_TRUE(manifest.ok()) << manifest.message();
  return manifest.ok() ? manifest.take() : rt::Manifest();
}

tb::AttentionShape smallShape() {
  tb::AttentionShape shape;
  shape.batch = 1;
  shape.heads = 3;
  shape.seqLen = 77;
  shape.headDim = 64;
  return shape;
}

TEST(BenchWatchdog, ResultsRoundTripThroughTheWorkerEncoding) {
  tb::BenchResult r;
  r.kernel = "fa2";
  r.manifestPath = "out/fa2 \"x\".json";
  r.binaryPath = "out/fa2.cubin";
  r.usedCubin = true;
  r.loadNote = "note";
  r.shape = smallShape();
  r.shape.causal = true;
  r.status = "mismatch";
  r.message = "line one\nline two";
  r.check.rowsChecked = 231;
  r.check.nonFinite = 2;
  r.check.mismatches = 7;
  r.check.maxAbsErrorOut = INFINITY;
  r.check.maxAbsErrorLse = 0.1;
  r.check.firstProblem = "Out[0, 0, 0] = nan";
  r.grid = {1, 3, 1};
  r.medianMs = 1.0 / 3;
  r.minMs = NAN;
  r.tflops = 123.456;
  r.resources.registers = 168;
  r.resources.spillStores = 0;
  r.resources.spillLoads = -1;
  r.resources.stack = 0;
  r.resources.staticSharedMemory = 16;
  r.dynamicSharedMemory = 49152;
  std::string line = tb::encodeResult(r);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  rt::Expected<tb::BenchResult> back = tb::decodeResult(line);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(back->manifestPath, r.manifestPath);
  EXPECT_EQ(back->message, r.message);
  EXPECT_TRUE(back->usedCubin);
  EXPECT_TRUE(back->shape.causal);
  EXPECT_EQ(back->shape.seqLen, 77);
  EXPECT_EQ(back->check.mismatches, 7);
  EXPECT_TRUE(std::isinf(back->check.maxAbsErrorOut));
  EXPECT_EQ(back->check.maxAbsErrorLse, 0.1);
  EXPECT_EQ(back->medianMs, r.medianMs); // Exact.
  EXPECT_TRUE(std::isnan(back->minMs));
  EXPECT_EQ(back->grid[1], 3u);
  EXPECT_EQ(back->resources.spillLoads, -1);
  EXPECT_EQ(back->resources.staticSharedMemory, 16);
  EXPECT_EQ(back->dynamicSharedMemory, 49152);
  EXPECT_FALSE(tb::decodeResult("{\"kernel\": \"fa2\"}").ok());
  EXPECT_FALSE(tb::decodeResult("not json").ok());
}

TEST(BenchWatchdog, TimeoutRowsNameKernelConfigAndShape) {
  rt::Manifest manifest = hangManifest();
  tb::BenchResult result =
      tb::timeoutResult(manifest, smallShape(), 60, "the worker was killed");
  EXPECT_EQ(result.status, "timeout");
  EXPECT_EQ(result.message,
            "TIMEOUT: hang_spin (hang_spin.json) B=1 H=3 N=77 D=64 did not "
            "finish in 60 s (the worker was killed)");
  std::ostringstream csv;
  tb::writeCsv(csv, {result});
  EXPECT_NE(csv.str().find(",timeout,"), std::string::npos) << csv.str();
  std::ostringstream text;
  tb::printResult(text, result, tb::BenchOptions());
  EXPECT_NE(text.str().find("\n  TIMEOUT: hang_spin"), std::string::npos)
      << text.str();

  rt::Expected<rt::Manifest> fa2 = rt::Manifest::parse(
      R"({"format": "tessera-manifest", "version": 1, "kernel": "fa2",
          "symbol": "fa2", "target": "sm_90a", "ptx": "fa2.ptx",
          "block": [256, 1, 1], "grid": ["1", "1", "1"],
          "constants": {"BLOCK_M": 128, "BLOCK_N": 64, "NUM_STAGES": 2},
          "params": []})",
      "out/fa2_x.json");
  ASSERT_TRUE(fa2.ok()) << fa2.message();
  EXPECT_EQ(tb::configLabel(*fa2), "128x64 w8 s2");
  EXPECT_EQ(tb::configLabel(manifest), "");
}

//===----------------------------------------------------------------------===//
// tessera-bench --test-hang (no GPU needed)
//===----------------------------------------------------------------------===//

/// Runs a shell command; returns its exit status and fills `output`.
int runCommand(const std::string &command, std::string &output) {
  FILE *pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe)
    return -1;
  char buffer[4096];
  size_t count;
  output.clear();
  while ((count = fread(buffer, 1, sizeof(buffer), pipe)) > 0)
    output.append(buffer, count);
  int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

size_t countOf(const std::string &text, const std::string &needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1))
    ++count;
  return count;
}

std::string readFile(const std::string &path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(BenchWatchdog, SupervisedRunReportsEachHungConfigAndGoesOn) {
  std::string csv = testing::TempDir() + "/watchdog-supervised.csv";
  std::string output;
  auto start = std::chrono::steady_clock::now();
  int status = runCommand(
      std::string(TESSERA_BENCH_PATH) + " --test-hang --timeout 0.5 " +
          TESSERA_SMOKE_DIR "/hang_spin.json " TESSERA_SMOKE_DIR
                            "/hang_barrier.json --shape 1,1,64,64 "
                            "--shape 1,3,77,64 --csv " +
          csv,
      output);
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  EXPECT_EQ(status, 1) << output;
  EXPECT_LT(seconds, 20);
  EXPECT_EQ(countOf(output, "  TIMEOUT: "), 4u) << output;
  EXPECT_NE(output.find("TIMEOUT: hang_barrier (hang_barrier.json) B=1 H=3 "
                        "N=77 D=64 did not finish in 0.5 s"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("4 of 4 runs failed"), std::string::npos) << output;
  EXPECT_EQ(countOf(readFile(csv), ",timeout,"), 4u) << readFile(csv);
}

TEST(BenchWatchdog, SingleConfigPollsToTheDeadlineInProcess) {
  std::string output;
  int status = runCommand(std::string(TESSERA_BENCH_PATH) +
                              " --test-hang --timeout 0.2 " TESSERA_SMOKE_DIR
                              "/hang_spin.json --shape 1,1,64,64",
                              output);
  EXPECT_EQ(status, 1) << output;
  EXPECT_NE(output.find("  TIMEOUT: hang_spin (hang_spin.json) B=1 H=1 N=64 "
                        "D=64 did not finish in 0.2 s (--test-hang"),
            std::string::npos)
      << output;
}

TEST(BenchWatchdog, TimeoutMustBeANumber) {
  std::string output;
  EXPECT_EQ(runCommand(std::string(TESSERA_BENCH_PATH) +
                           " --timeout soon x.json --shape 1,1,64,64",
                       output),
            2);
  EXPECT_NE(output.find("--timeout expects a non-negative number"),
            std::string::npos)
      << output;
}

} // namespace
