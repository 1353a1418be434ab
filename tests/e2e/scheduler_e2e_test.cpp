// Scheduler vectors replayed through the CLI: `deck create` with the
// scenario's options, `add`, then `answer` at each step's time and
// `card show --json` compared with the expected Anki state.
//
// The vector collection was created 2024-01-01 04:00 UTC with a 4 am
// rollover, so with TZ=UTC a vector day number d is recall Day 19723 + d.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;
using testing::FixturePath;
using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

constexpr int64_t kVectorDayZero = 19723;  // recall Day of Anki day 0 (2024-01-01)

const json& AnkiVectors() {
  static const json vectors = json::parse(std::ifstream(FixturePath("vectors/anki_sm2.json")));
  return vectors;
}

const json& Sm2Vectors() {
  static const json vectors = json::parse(std::ifstream(FixturePath("vectors/classic_sm2.json")));
  return vectors;
}

std::string Minutes(const json& steps) {
  std::string out;
  for (const auto& s : steps) {
    if (!out.empty()) out += ' ';
    std::ostringstream os;
    os << s.get<double>();
    out += os.str();
  }
  return out;
}

std::string Num(const json& v) {
  std::ostringstream os;
  os << v.get<double>();
  return os.str();
}

// `deck create` flags for a scenario's config (overrides of the defaults).
std::vector<std::string> DeckFlags(const json& config) {
  std::vector<std::string> f{"--fuzz", "off"};
  for (const auto& [key, value] : config.items()) {
    if (key == "learn_steps") f.insert(f.end(), {"--learn-steps", Minutes(value)});
    else if (key == "relearn_steps") f.insert(f.end(), {"--relearn-steps", Minutes(value)});
    else if (key == "graduating_interval_good") f.insert(f.end(), {"--graduating-interval", Num(value)});
    else if (key == "graduating_interval_easy") f.insert(f.end(), {"--easy-interval", Num(value)});
    else if (key == "initial_ease") f.insert(f.end(), {"--starting-ease", Num(value)});
    else if (key == "hard_multiplier") f.insert(f.end(), {"--hard-interval", Num(value)});
    else if (key == "easy_multiplier") f.insert(f.end(), {"--easy-bonus", Num(value)});
    else if (key == "interval_multiplier") f.insert(f.end(), {"--interval-modifier", Num(value)});
    else if (key == "maximum_review_interval") f.insert(f.end(), {"--max-interval", Num(value)});
    else if (key == "lapse_multiplier") f.insert(f.end(), {"--lapse-new-interval", Num(value)});
    else if (key == "minimum_lapse_interval") f.insert(f.end(), {"--lapse-min-interval", Num(value)});
    else if (key == "leech_threshold") f.insert(f.end(), {"--leech-threshold", Num(value)});
    else if (key == "leech_action") {
      f.insert(f.end(), {"--leech-action", value == "suspend" ? "suspend" : "tag"});
    } else {
      ADD_FAILURE() << "config key without a CLI flag: " << key;
    }
  }
  return f;
}

class CliReplay {
 public:
  RunResult Run(std::vector<std::string> args, int64_t at) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", std::to_string(at)}});
  }
  std::string Ok(const std::vector<std::string>& args, int64_t at) {
    const RunResult r = Run(args, at);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  }
  json ShowCard(const std::string& id, int64_t at) { return json::parse(Ok({"--json", "card", "show", id}, at)); }

 private:
  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

// The scenarios that start from a new card in a normal deck: the CLI can
// reach their initial state with `recall add`.
std::vector<std::string> NewCardScenarios() {
  std::vector<std::string> ids;
  for (const auto& s : AnkiVectors()["scenarios"]) {
    bool normal = true;
    for (const auto& step : s["steps"]) normal = normal && step["deck"] == "normal";
    if (s["initial"]["type"] == 0 && normal) ids.push_back(s["id"]);
  }
  return ids;
}

class AnkiScenarioTest : public ::testing::TestWithParam<std::string> {};

TEST_P(AnkiScenarioTest, CardShowMatchesEveryStep) {
  const json* scenario = nullptr;
  for (const auto& s : AnkiVectors()["scenarios"]) {
    if (s["id"] == GetParam()) scenario = &s;
  }
  ASSERT_NE(scenario, nullptr);
  const json& steps = (*scenario)["steps"];
  CliReplay cli;
  const int64_t first_at = steps[0]["at"];
  std::vector<std::string> create{"deck", "create", "S"};
  for (auto& f : DeckFlags((*scenario)["config"])) create.push_back(f);
  cli.Ok(create, first_at);
  const std::string id = cli.Ok({"add", "--deck", "S", "--front", "q", "--back", "a"}, first_at);
  ASSERT_EQ(id, std::to_string(first_at * 1000) + "\n");
  const std::string card_id = id.substr(0, id.size() - 1);
  EXPECT_EQ(cli.ShowCard(card_id, first_at)["due"], (*scenario)["initial"]["due"]);

  int n = 0;
  for (const auto& step : steps) {
    SCOPED_TRACE(GetParam() + " step " + std::to_string(++n) + " at " + step["at_utc"].get<std::string>());
    const int64_t at = step["at"];
    cli.Ok({"answer", card_id, std::to_string(step["rating"].get<int>())}, at);
    const json card = cli.ShowCard(card_id, at);
    const json& want = step["expected"]["card"];
    const int queue = want["queue"];
    int64_t due = want["due"];
    const bool on_day = queue == 2 || queue == 3 || (queue == -1 && want["type"] == 2);
    if (on_day) due += kVectorDayZero;
    EXPECT_EQ(card["type"], want["type"]);
    EXPECT_EQ(card["queue"], want["queue"]);
    EXPECT_EQ(card["due"], due);
    EXPECT_EQ(card["due_kind"], on_day ? "day" : "time");
    EXPECT_EQ(card["interval"], want["ivl"]);
    EXPECT_EQ(card["ease"], want["factor"]);
    EXPECT_EQ(card["reps"], want["reps"]);
    EXPECT_EQ(card["lapses"], want["lapses"]);
    EXPECT_EQ(card["left"], want["left"]);
    const json& log = card["revlog"].back();
    const json& want_log = step["expected"]["revlog"];
    EXPECT_EQ(card["revlog"].size(), static_cast<size_t>(n));
    EXPECT_EQ(log["rating"], want_log["ease"]);
    EXPECT_EQ(log["kind_code"], want_log["type"]);
    EXPECT_EQ(log["interval"], want_log["ivl"]);
    EXPECT_EQ(log["last_interval"], want_log["lastIvl"]);
    EXPECT_EQ(log["ease"], want_log["factor"]);
    EXPECT_EQ(log["day"], kVectorDayZero + step["expected"]["today"].get<int64_t>());
    const bool leech = step["expected"]["leech"];
    const auto& tags = card["tags"];
    EXPECT_EQ(std::find(tags.begin(), tags.end(), "leech") != tags.end(), leech);
  }
}

INSTANTIATE_TEST_SUITE_P(Vectors, AnkiScenarioTest, ::testing::ValuesIn(NewCardScenarios()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(AnkiScenarioListTest, ReplaysTheWholeLifeAndLearningScenarios) {
  const auto ids = NewCardScenarios();
  for (const char* id : {"A01", "A08", "A09", "A11", "A12", "F01", "F02"}) {
    EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << id;
  }
}

// Classic SM-2, profile "text": each grade is given on the day the card is
// due, starting 2024-01-01 09:00 UTC.
class Sm2SequenceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(Sm2SequenceTest, CardShowMatchesTheTextProfile) {
  const json* seq = nullptr;
  for (const auto& s : Sm2Vectors()["sequences"]) {
    if (s["id"] == GetParam()) seq = &s;
  }
  ASSERT_NE(seq, nullptr);
  ASSERT_EQ((*seq)["initial"]["repetitions"], 0);
  CliReplay cli;
  int64_t at = 1704099600;  // 2024-01-01 09:00 UTC: recall Day 19723
  int64_t today = kVectorDayZero;
  cli.Ok({"deck", "create", "S", "--algorithm", "sm2", "--fuzz", "off"}, at);
  const std::string out = cli.Ok({"add", "--deck", "S", "--front", "q", "--back", "a"}, at);
  const std::string card_id = out.substr(0, out.size() - 1);
  const json& grades = (*seq)["grades"];
  const json& expected = (*seq)["expected"]["text"];
  for (size_t i = 0; i < grades.size(); ++i) {
    SCOPED_TRACE(GetParam() + " grade " + std::to_string(i + 1));
    cli.Ok({"answer", card_id, std::to_string(grades[i].get<int>())}, at);
    const json card = cli.ShowCard(card_id, at);
    const json& want = expected[i];
    EXPECT_EQ(card["type"], 2);
    EXPECT_EQ(card["queue"], 2);
    EXPECT_EQ(card["interval"], want["interval"]);
    EXPECT_EQ(card["left"], want["repetitions"]);
    EXPECT_EQ(card["ease"], want["ef_centi"].get<int>() * 10);
    EXPECT_EQ(card["drill"], want["repeat_today"]);
    EXPECT_EQ(card["due"], today + want["interval"].get<int64_t>());
    EXPECT_EQ(card["reps"], static_cast<int>(i) + 1);
    EXPECT_EQ(card["revlog"].back()["rating"], grades[i]);
    // The next grade is given on the due day.
    today = card["due"].get<int64_t>();
    at = 1704099600 + (today - kVectorDayZero) * 86400;
  }
}

INSTANTIATE_TEST_SUITE_P(Vectors, Sm2SequenceTest,
                         ::testing::Values("C01", "C03", "C04", "C05", "C36", "C37", "C38"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(Sm2DrillE2eTest, FailedGradeIsDrilledTheSameDayWithoutChangingTheSchedule) {
  CliReplay cli;
  const int64_t at = 1704099600;
  cli.Ok({"deck", "create", "S", "--algorithm", "sm2"}, at);
  std::string id = cli.Ok({"add", "--deck", "S", "--front", "q", "--back", "a"}, at);
  id.pop_back();
  cli.Ok({"answer", id, "2"}, at);
  json card = cli.ShowCard(id, at);
  EXPECT_EQ(card["drill"], true);
  EXPECT_EQ(card["interval"], 1);
  EXPECT_EQ(card["due"], kVectorDayZero + 1);
  // A drill answer the same day: only reps and drill change.
  cli.Ok({"answer", id, "4"}, at + 60);
  card = cli.ShowCard(id, at + 60);
  EXPECT_EQ(card["drill"], false);
  EXPECT_EQ(card["interval"], 1);
  EXPECT_EQ(card["left"], 0);
  EXPECT_EQ(card["ease"], 2500);
  EXPECT_EQ(card["due"], kVectorDayZero + 1);
  EXPECT_EQ(card["reps"], 2);
}

}  // namespace
}  // namespace recall
