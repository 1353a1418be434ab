// Drills through `recall review`'s line protocol: --tag and --deck scopes,
// --weakest N (real answers, early reviews logged as Anki logs them) and
// --cram (answers logged, schedules untouched, undoable), with the exact
// rows they leave in the collection.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

constexpr int64_t kDay0 = 1709283600;  // 2024-03-01T09:00:00Z
constexpr int64_t kDay = 86400;

class ReviewDrillE2eTest : public ::testing::Test {
 protected:
  int64_t MakeDeck(const std::string& name) {
    FixedClock clock(Timestamp::FromSeconds(kDay0));
    Store store = Store::Open(db_, clock);
    DeckOptions o;
    o.fuzz = false;
    return store.CreateDeck(name, o).id;
  }
  int64_t Add(int64_t deck_id, const std::string& front, std::vector<std::string> tags = {}) {
    FixedClock clock(Timestamp::FromSeconds(kDay0));
    Store store = Store::Open(db_, clock);
    Note n;
    n.front = front;
    n.back = "back of " + front;
    n.tags = std::move(tags);
    return store.AddNote(&n, deck_id).id;
  }
  // Answers card `id` at kDay0 + `secs` (as `recall answer` would).
  void Answer(int64_t id, int rating, int64_t secs) {
    FixedClock clock(Timestamp::FromSeconds(kDay0 + secs));
    Store store = Store::Open(db_, clock);
    AnswerCard(store, id, rating, clock.Now(), 5000);
  }
  testing::RunResult Review(const std::string& input, const std::string& now,
                            std::vector<std::string> extra) {
    std::vector<std::string> args{"--db", db_, "review"};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunRecall(args, {{"RECALL_NOW", now}, {"TZ", "UTC"}, {"COLUMNS", "60"}}, input);
  }
  // The rows of `sql`, columns joined by '|', rows by '\n'.
  std::string Rows(const std::string& sql) {
    SQLite::Database db(db_);
    SQLite::Statement st(db, sql);
    std::string out;
    while (st.executeStep()) {
      for (int i = 0; i < st.getColumnCount(); ++i) {
        out += (i ? "|" : "") + std::string(st.getColumn(i).isNull() ? "NULL" : st.getColumn(i).getString());
      }
      out += "\n";
    }
    return out;
  }
  std::string CardRow(int64_t id) {
    return Rows(
        "SELECT type, queue, due, ivl, ease, reps, lapses, left, modified_s, stability, difficulty, "
        "last_review_s FROM cards WHERE id = " +
        std::to_string(id));
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

// Three cards in deck D: `easy` answered Easy on day 0 (4 days), `good`
// learned to a 1-day interval on day 0, `fresh` never studied.
struct Cards {
  int64_t easy = 0, good = 0, fresh = 0;
};

class DrillFixture : public ReviewDrillE2eTest {
 protected:
  void SetUp() override {
    const int64_t deck = MakeDeck("D");
    c_.easy = Add(deck, "easy", {"ml::llm"});
    c_.good = Add(deck, "good", {"ml"});
    c_.fresh = Add(deck, "fresh", {"db"});
    Answer(c_.easy, 4, 0);
    Answer(c_.good, 3, 0);
    Answer(c_.good, 3, 600);
  }
  Cards c_;
};

TEST_F(DrillFixture, WeakestDrillsLowestRecallFirstAndLogsTheEarlyReviewAsAnkiDoes) {
  const std::string easy_before = CardRow(c_.easy);
  EXPECT_EQ(easy_before.substr(0, 20), "2|2|19787|4|2500|1|0") << easy_before;  // due day 0 + 4
  // Day 2: `good` (1 day, due yesterday) is weaker than `easy` (4 days, due
  // in 2). The new card is not drilled.
  const auto r = Review("3\n3\n", "2024-03-03T09:00:00Z", {"--weakest", "5"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("0/2 · <1 min left · D · New 0 · Learn 0 · Due 2\nreview, last 1d\ngood\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1/2 · <1 min left · D · New 0 · Learn 0 · Due 1\nreview, last 4d\neasy\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Reviewed 2 cards"), std::string::npos) << r.out;
  // `good` was due (one day late): an ordinary review, (1 + 1/2) x 2.5 = 3.75
  // -> 4 days. `easy` is 2 days early: Anki's early-review rule credits the 2
  // elapsed days, max(2 x 2.5, 4) = 5 days, and logs kind 3 (filtered).
  EXPECT_EQ(
      Rows("SELECT card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, day FROM revlog "
           "WHERE day = 19785 ORDER BY id"),
      std::to_string(c_.good) + "|3|1|2|4|1|2500|2500|19785\n" + std::to_string(c_.easy) +
          "|3|3|2|5|4|2500|2500|19785\n");
  EXPECT_EQ(Rows("SELECT due, ivl, queue, reps FROM cards WHERE id IN (" + std::to_string(c_.good) + ", " +
                 std::to_string(c_.easy) + ", " + std::to_string(c_.fresh) + ") ORDER BY id"),
            "19790|5|2|2\n19789|4|2|3\n3|0|0|0\n");  // the new card keeps its position
}

TEST_F(DrillFixture, WeakestOneTakesOnlyTheWeakestCard) {
  const auto r = Review("3\n3\n", "2024-03-03T09:00:00Z", {"--weakest", "1"});
  EXPECT_NE(r.out.find("0/1 · <1 min left · D · New 0 · Learn 0 · Due 1\nreview, last 1d\ngood\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("min left", r.out.find("min left") + 1), std::string::npos) << r.out;  // one card only
  EXPECT_EQ(Rows("SELECT card_id FROM revlog WHERE day = 19785"), std::to_string(c_.good) + "\n");
}

TEST_F(DrillFixture, TagCoversChildTagsAndCombinesWithDeck) {
  // Day 1: `good` is due, `fresh` is new; --tag ml leaves `fresh` (tag db) out.
  auto r = Review("3\n", "2024-03-02T09:00:00Z", {"--tag", "ml", "--deck", "D"});
  EXPECT_NE(r.out.find("0/1 · <1 min left · D · New 0 · Learn 0 · Due 1\nreview, last 1d\ngood\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("No more cards due now."), std::string::npos) << r.out;
  EXPECT_EQ(Rows("SELECT card_id, kind FROM revlog WHERE day = 19784"), std::to_string(c_.good) + "|1\n");
  // "ml" covers "ml::llm"; tags are alternatives (any of them).
  r = Review("3\n3\n", "2024-03-03T09:00:00Z", {"--weakest", "5", "--tag", "ml::llm", "--tag", "db"});
  EXPECT_NE(r.out.find("0/1 · <1 min left · D · New 0 · Learn 0 · Due 1\nreview, last 4d\neasy\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("min left", r.out.find("min left") + 1), std::string::npos) << r.out;  // one card only
  r = Review("q\n", "2024-03-03T09:00:00Z", {"--cram", "--tag", "ml"});
  EXPECT_NE(r.out.find("0/2 · <1 min left · D · New 0 · Learn 0 · Due 2\nreview, last 3d\ngood\n"), std::string::npos) << r.out;
  // A tag is not a prefix match: "m" covers neither "ml" nor "ml::llm".
  r = Review("3\n", "2024-03-03T09:00:00Z", {"--cram", "--tag", "m"});
  EXPECT_EQ(r.out.find("min left"), std::string::npos) << r.out;  // no card shown
}

TEST_F(DrillFixture, CramLeavesEveryCardRowAsItWasAndLogsCramRows) {
  const std::string before = CardRow(c_.easy) + CardRow(c_.good) + CardRow(c_.fresh);
  // Studied cards weakest first, then the new card.
  const auto r = Review("1\n4\n3\n", "2024-03-03T09:00:00Z", {"--cram"});
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("0/3 · <1 min left · D · New 0 · Learn 0 · Due 3\nreview, last 1d\ngood\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1/3 · <1 min left · D · New 0 · Learn 0 · Due 2\nreview, last 4d\neasy\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2/3 · <1 min left · D · New 0 · Learn 0 · Due 1 · new\nfresh\n"), std::string::npos) << r.out;
  EXPECT_EQ(CardRow(c_.easy) + CardRow(c_.good) + CardRow(c_.fresh), before);
  EXPECT_EQ(
      Rows("SELECT card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, day FROM revlog "
           "WHERE day = 19785 ORDER BY id"),
      std::to_string(c_.good) + "|1|3|2|1|1|0|2500|19785\n" + std::to_string(c_.easy) +
          "|4|3|2|4|4|0|2500|19785\n" + std::to_string(c_.fresh) + "|3|3|0|0|0|0|0|19785\n");
  EXPECT_EQ(Rows("SELECT action FROM undo_log ORDER BY id DESC LIMIT 3"), "cram\ncram\ncram\n");
  // Stats: cram answers only as `cram`, in no answer, again or retention figure.
  const auto stats =
      RunRecall({"--db", db_, "stats", "--json"}, {{"RECALL_NOW", "2024-03-03T10:00:00Z"}, {"TZ", "UTC"}});
  const auto j = nlohmann::json::parse(stats.out);
  EXPECT_EQ(j["today_stats"]["answers"], 0);
  EXPECT_EQ(j["today_stats"]["again"], 0);
  EXPECT_EQ(j["today_stats"]["cards_studied"], 0);
  EXPECT_EQ(j["today_stats"]["cram"], 3);
  EXPECT_EQ(j["reviews_by_day"].back()["cram"], 3);
  EXPECT_EQ(j["true_retention"][0]["young_failed"], 0);
  const auto text =
      RunRecall({"--db", db_, "stats"}, {{"RECALL_NOW", "2024-03-03T10:00:00Z"}, {"TZ", "UTC"}});
  EXPECT_NE(text.out.find("  learning 0 · review 0 · relearning 0 · cram 3\n"),
            std::string::npos)
      << text.out;
  // A crammed new card was not introduced: today's new-card allowance is whole.
  const auto normal = Review("q\n", "2024-03-03T09:00:00Z", {});
  EXPECT_NE(normal.out.find("0/2 · <1 min left · D · New 1 · Learn 0 · Due 1\n"), std::string::npos) << normal.out;
}

TEST_F(DrillFixture, UndoOfACramAnswerRemovesItsRowAndShowsTheCardAgain) {
  const std::string before = CardRow(c_.good);
  const auto r = Review("1\nu\n3\nq\n", "2024-03-03T09:00:00Z", {"--cram"});
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("> undid cram on good\n\n0/3 · <1 min left · D · New 0 · Learn 0 · Due 3\nreview, last 1d\ngood\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(Rows("SELECT card_id, rating, kind FROM revlog WHERE day = 19785"),
            std::to_string(c_.good) + "|3|3\n");
  EXPECT_EQ(CardRow(c_.good), before);
}

TEST_F(DrillFixture, CramAndWeakestTogetherAreAUsageError) {
  const auto r = Review("", "2024-03-03T09:00:00Z", {"--cram", "--weakest", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "recall: --weakest and --cram cannot be used together (see `recall help review`)\n");
  EXPECT_EQ(Rows("SELECT count(*) FROM revlog WHERE day = 19785"), "0\n");
}

}  // namespace
}  // namespace recall
