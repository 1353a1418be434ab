// FSRS-6 exactness against an independent implementation: the npm package
// ts-fsrs replays the same answer sequences (fixed ones and random ones from a
// fixed seed); stability and difficulty must agree within 1e-4 relative, and
// the four buttons' intervals (fuzz off) exactly. The package is installed
// into the build directory on first use; without node or npm the test is
// skipped, visibly.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/fsrs.h"
#include "recall/scheduler.h"
#include "recall/time.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;

struct Step {
  int rating;
  int elapsed;  // whole days since the previous answer (ignored for the first)
};
using Sequence = std::vector<Step>;

std::optional<std::string> PrepareTsFsrs(std::string* why) {
  const std::string dir = std::filesystem::path(RECALL_BINARY).parent_path().string() + "/js/fsrs";
  if (!testing::InstallNpmPackages(dir, "js/fsrs/package.json", why)) {
    *why = "ts-fsrs comparison not run: " + *why;
    return std::nullopt;
  }
  return dir;
}

// Runs ts-fsrs over `cards` and returns its output.
json RunTsFsrs(const std::string& modules, const FsrsParams& w, double retention, int max_interval,
               const std::vector<Sequence>& cards, const testing::TempDir& tmp) {
  json job = {{"w", std::vector<double>(w.begin(), w.end())},
              {"retention", retention},
              {"max_interval", max_interval},
              {"cards", json::array()}};
  for (const Sequence& seq : cards) {
    json steps = json::array();
    for (const Step& s : seq) steps.push_back({{"rating", s.rating}, {"elapsed", s.elapsed}});
    job["cards"].push_back(steps);
  }
  testing::WriteFile(tmp.File("job.json"), job.dump());
  const std::string cmd = "node '" + testing::SourcePath("tests/js/fsrs/fsrs_reference.mjs") + "' '" +
                          tmp.File("job.json") + "' '" + modules + "' >'" + tmp.File("out.json") + "' 2>'" +
                          tmp.File("err.txt") + "'";
  if (std::system(cmd.c_str()) != 0) {
    ADD_FAILURE() << "ts-fsrs run failed: " << testing::ReadFile(tmp.File("err.txt"));
    return json();
  }
  return json::parse(testing::ReadFile(tmp.File("out.json")));
}

::testing::AssertionResult Relative(double got, double want, double rel) {
  if (std::fabs(got - want) <= rel * std::fabs(want)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "recall " << got << " vs ts-fsrs " << want;
}

// Drives recall's scheduler through each sequence as review answers `elapsed`
// days apart (no learning steps, fuzz off) and compares with ts-fsrs step by
// step: the four possible memory states, their intervals, and the buttons'
// intervals after Anki's ordering (Hard >= 1, Good > Hard, Easy > Good).
void Compare(const std::vector<Sequence>& cards, const FsrsParams& w, double retention, int max_interval) {
  std::string why;
  const auto modules = PrepareTsFsrs(&why);
  if (!modules) GTEST_SKIP() << why;
  testing::TempDir tmp;
  const json ref = RunTsFsrs(*modules, w, retention, max_interval, cards, tmp);
  ASSERT_TRUE(ref.contains("cards"));
  testing::ScopedTimeZone tz("UTC");
  int compared = 0;
  for (size_t c = 0; c < cards.size(); ++c) {
    SchedulerContext ctx;
    ctx.options.algorithm = Algorithm::kFsrs;
    ctx.options.learn_steps_minutes = {};
    ctx.options.relearn_steps_minutes = {};
    ctx.options.desired_retention = retention;
    ctx.options.maximum_interval_days = max_interval;
    ctx.fsrs_params = w;
    ctx.now = Timestamp::FromSeconds(1700000000 + static_cast<int64_t>(c) * 7);  // 22:13 UTC
    CardState card;
    for (size_t i = 0; i < cards[c].size(); ++i) {
      const Step& step = cards[c][i];
      if (i > 0) ctx.now = Timestamp::FromSeconds(ctx.now.Seconds() + int64_t{86400} * step.elapsed);
      ctx.timing = ComputeDayTiming(ctx.now, 4);
      const json& want = ref["cards"][c][i];
      const std::vector<AnswerOutcome> next = NextStates(card, ctx);
      const std::optional<MemoryState> before = card.memory;
      int64_t raw[4];
      for (int g = 0; g < 4; ++g) {
        const MemoryState m = FsrsNextState(w, before, before ? step.elapsed : 0, g + 1);
        EXPECT_TRUE(Relative(m.stability, want["next"][g]["s"], 1e-4))
            << "card " << c << " step " << i << " g " << g + 1;
        EXPECT_TRUE(Relative(m.difficulty, want["next"][g]["d"], 1e-4)) << "card " << c << " step " << i;
        EXPECT_EQ(*next[g].state.memory, m);
        raw[g] =
            std::clamp<int64_t>(std::llround(FsrsNextInterval(w, m.stability, retention)), 1, max_interval);
        EXPECT_EQ(raw[g], want["next"][g]["ivl"].get<int64_t>())
            << "card " << c << " step " << i << " g " << g + 1;
      }
      if (card.type == CardType::kReview) {
        const int64_t hard = std::max<int64_t>(want["next"][1]["ivl"].get<int64_t>(), 1);
        const int64_t good =
            std::min<int64_t>(std::max(want["next"][2]["ivl"].get<int64_t>(), hard + 1), max_interval);
        const int64_t easy =
            std::min<int64_t>(std::max(want["next"][3]["ivl"].get<int64_t>(), good + 1), max_interval);
        EXPECT_EQ(next[1].state.interval, std::min(hard, int64_t{max_interval}))
            << "card " << c << " step " << i;
        EXPECT_EQ(next[2].state.interval, good) << "card " << c << " step " << i;
        EXPECT_EQ(next[3].state.interval, easy) << "card " << c << " step " << i;
      }
      card = next[static_cast<size_t>(step.rating - 1)].state;
      EXPECT_TRUE(Relative(card.memory->stability, want["s"], 1e-4));
      EXPECT_TRUE(Relative(card.memory->difficulty, want["d"], 1e-4));
      ++compared;
    }
  }
  EXPECT_GT(compared, 0);
}

TEST(FsrsReferenceTest, FixedSequencesMatchTsFsrs) {
  const std::vector<Sequence> cards = {
      {{3, 0}, {3, 2}, {3, 7}, {3, 20}, {3, 60}, {3, 150}},
      {{1, 0}, {1, 0}, {3, 1}, {1, 3}, {2, 1}, {4, 5}},
      {{4, 0}, {4, 8}, {4, 30}, {1, 100}, {3, 1}, {3, 4}},
      {{2, 0}, {2, 1}, {2, 3}, {2, 5}, {2, 9}, {2, 15}},
      {{3, 0}, {3, 0}, {3, 0}, {1, 0}, {3, 0}, {3, 2}},  // same-day answers
      {{3, 0}, {3, 400}, {1, 3000}, {3, 1}},             // long gaps
  };
  Compare(cards, DefaultFsrsParams(), 0.9, 36500);
}

std::vector<Sequence> RandomSequences(uint32_t seed, int count) {
  std::mt19937 rng(seed);
  std::vector<Sequence> out;
  std::discrete_distribution<int> rating({15, 15, 60, 10});
  std::uniform_int_distribution<int> gap(0, 120);
  std::uniform_int_distribution<int> len(1, 12);
  for (int c = 0; c < count; ++c) {
    Sequence seq;
    const int n = len(rng);
    for (int i = 0; i < n; ++i)
      seq.push_back({rating(rng) + 1, i == 0 ? 0 : (gap(rng) % 3 == 0 ? gap(rng) / 20 : gap(rng))});
    out.push_back(seq);
  }
  return out;
}

TEST(FsrsReferenceTest, RandomSequencesMatchTsFsrs) {
  Compare(RandomSequences(20261201, 200), DefaultFsrsParams(), 0.9, 36500);
}

TEST(FsrsReferenceTest, OtherParametersRetentionAndMaximumMatchTsFsrs) {
  const FsrsParams w = {0.4, 0.9, 3.1, 12.0, 7.0, 0.6, 2.2, 0.01, 1.5, 0.2, 1.1,
                        1.9, 0.1, 0.3, 1.2,  0.4, 2.3, 0.3, 0.2,  0.1, 0.3};
  Compare(RandomSequences(7, 120), w, 0.8, 36500);
  Compare(RandomSequences(8, 120), DefaultFsrsParams(), 0.95, 90);
}

}  // namespace
}  // namespace recall
