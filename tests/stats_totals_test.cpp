// The totals of schema/0014_stats_totals.sql against the review log and the
// cards they summarise: on random histories (answers, cram answers, imported
// rows of every kind, undos, deleted rows and cards, moved cards, an sm2
// deck), every figure `recall stats` reads from the totals equals the figure
// read from the log (StatsScope::from_log, the query a filter runs).

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "recall/card_list.h"
#include "recall/review.h"
#include "recall/stats.h"
#include "recall/store.h"
#include "stats/stats_queries.h"
#include "stats_text.h"
#include "store/migrations.h"
#include "store/scale_fill.h"
#include "store/store_impl.h"

namespace recall {
namespace {

using testing::Text;

constexpr int64_t kNow = 1735722000;  // 2025-01-01 09:00 UTC

std::string Text(const std::vector<detail::StatsDayRow>& rows) {
  std::ostringstream o;
  for (const auto& r : rows) {
    const DayReviews& d = r.reviews;
    o << d.day.n << ": " << d.learning << ' ' << d.young << ' ' << d.mature << ' ' << d.relearning << ' '
      << d.filtered << ' ' << d.cram << ' ' << d.time_ms << " | " << r.again << ' ' << r.young_passed << ' '
      << r.young_failed << ' ' << r.mature_passed << ' ' << r.mature_failed << ' ' << r.mature_answers << ' '
      << r.mature_correct << " |";
    for (const auto* b : {&r.buttons.learning, &r.buttons.young, &r.buttons.mature}) {
      for (int64_t v : *b) o << ' ' << v;
    }
    o << '\n';
  }
  return o.str();
}

std::string Text(const std::vector<WeakCard>& v) {
  std::ostringstream o;
  for (const auto& w : v) o << w.card_id << ' ' << w.lapses << ' ' << w.passed << ' ' << w.failed << '\n';
  return o.str();
}

class StatsTotalsTest : public ::testing::TestWithParam<int> {
 protected:
  StatsTotalsTest() : clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)), rng_(GetParam()) {}

  int64_t Pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  template <typename T>
  const T& PickOf(const std::vector<T>& v) {
    return v[static_cast<size_t>(Pick(0, static_cast<int64_t>(v.size()) - 1))];
  }

  void Exec(const std::string& sql) { detail::Db(store_).exec(sql); }

  // A random history over 60 cards in three decks (one sm2) and ~400 days.
  void Build() {
    const int64_t a = store_.CreateDeck("A", {}).id;
    const int64_t ab = store_.CreateDeck("A::B", {}).id;
    DeckOptions sm2;
    sm2.algorithm = Algorithm::kSm2;
    const int64_t s = store_.CreateDeck("S", sm2).id;
    decks_ = {a, ab, s};
    const std::vector<std::string> tags = {"t1", "t1::x", "t1::y", "t2", "中文::标签"};
    for (int i = 0; i < 60; ++i) {
      Note n;
      n.front = "q" + std::to_string(i);
      n.back = "a";
      for (int k = Pick(0, 2); k > 0; --k) n.tags.push_back(PickOf(tags));
      cards_.push_back(store_.AddNote(&n, PickOf(decks_)).id);
    }
    const Day today = StudyDayOf(clock_.Now(), 4);
    for (int step = 0; step < 1500; ++step) {
      const int64_t card = PickOf(cards_);
      switch (Pick(0, 11)) {
        case 0:
        case 1:
        case 2: {  // a log row as an import writes it: any kind, rating, interval, day
          const int64_t day = today.n - Pick(0, 400);
          const int64_t id = (day * 86400 + 4 * 3600 + Pick(0, 86399)) * 1000 + Pick(0, 999);
          const int64_t last_ivl = Pick(0, 3) == 0 ? -Pick(0, 200000) : Pick(0, 60);
          std::ostringstream sql;
          sql << "INSERT OR IGNORE INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                 "ease_before, duration_ms, day) VALUES ("
              << id << ", " << card << ", " << Pick(0, 5) << ", " << Pick(0, 5) << ", " << Pick(0, 3) << ", "
              << Pick(1, 30) << ", " << last_ivl << ", " << (Pick(0, 2) == 0 ? 0 : 2500) << ", 2500, "
              << Pick(0, 60000) << ", " << day << ")";
          Exec(sql.str());
          break;
        }
        case 3: {  // a random card state
          std::ostringstream sql;
          const int queue = static_cast<int>(Pick(-3, 3));
          sql << "UPDATE cards SET queue = " << queue << ", type = " << Pick(0, 3)
              << ", due = " << (queue == 1 ? kNow + Pick(-3600, 3600) : today.n + Pick(-10, 100))
              << ", ivl = " << Pick(0, 40) << ", ease = " << 1300 + 50 * Pick(0, 30) << ", lapses = " << Pick(0, 6)
              << " WHERE id = " << card;
          Exec(sql.str());
          break;
        }
        case 4:
          try {  // a random state may be one no answer is allowed from
            if (store_.GetCard(card)) {
              AnswerCard(store_, card, static_cast<int>(Pick(1, 4)), clock_.Now(), Pick(100, 9000), nullptr,
                         Pick(0, 3) == 0 ? AnswerMode::kCram : AnswerMode::kNormal);
            }
          } catch (const Error&) {
          }
          break;
        case 5:
          store_.Undo();
          break;
        case 6:
          if (Pick(0, 5) == 0) {
            Exec("DELETE FROM revlog WHERE id = (SELECT id FROM revlog ORDER BY id LIMIT 1 OFFSET " +
                 std::to_string(Pick(0, 50)) + ")");
          }
          break;
        case 7:
          if (Pick(0, 10) == 0 && store_.GetCard(card)) store_.DeleteCard(card);
          break;
        case 8:
          if (store_.GetCard(card)) store_.MoveCard(card, PickOf(decks_));
          break;
        case 9:  // the note's tags change: its cards and answers move between tag sets
          if (const auto c = store_.GetCard(card)) {
            Note note = *store_.GetNote(c->note_id);
            if (Pick(0, 2) == 0) {
              store_.AddTag(note.id, PickOf(tags));
            } else {
              note.tags.clear();
              for (int k = Pick(0, 3); k > 0; --k) note.tags.push_back(PickOf(tags));
              store_.UpdateNote(note, Pick(0, 1) == 0);
            }
          }
          break;
        case 10:
          if (Pick(0, 10) == 0 && store_.GetCard(card)) store_.DeleteNote(store_.GetCard(card)->note_id);
          break;
        default: {  // a new card
          Note n;
          n.front = "new" + std::to_string(step);
          n.back = "a";
          if (Pick(0, 1)) n.tags.push_back(PickOf(tags));
          cards_.push_back(store_.AddNote(&n, PickOf(decks_)).id);
          break;
        }
      }
    }
  }

  FixedClock clock_;
  Store store_;
  std::mt19937 rng_;
  std::vector<int64_t> decks_;
  std::vector<int64_t> cards_;
};

TEST_P(StatsTotalsTest, EveryFigureEqualsTheLogs) {
  Build();
  const detail::StatsScope totals;
  detail::StatsScope log;
  log.from_log = true;
  const Day today = StudyDayOf(clock_.Now(), 4);
  for (const auto& [from, to] : std::vector<std::pair<Day, Day>>{
           {today - 29, today}, {today - 364, today}, {today - 1000, today}, {today, today}, {today - 50, today - 20}}) {
    EXPECT_EQ(Text(detail::QueryStatsDays(store_, totals, from, to)), Text(detail::QueryStatsDays(store_, log, from, to)))
        << from.n << ".." << to.n;
    const detail::HourOfQuarter hour_of = [](int64_t q) { return static_cast<int>((q * 7 / 4) % 24); };
    EXPECT_EQ(detail::QueryAnswerHours(store_, totals, from, to, hour_of),
              detail::QueryAnswerHours(store_, log, from, to, hour_of));
    std::vector<std::pair<std::string, std::string>> node_tags;
    for (const std::string& tag : detail::QueryTagNames(store_, log)) {
      node_tags.emplace_back(tag, tag);
      if (const size_t sep = tag.find("::"); sep != std::string::npos) node_tags.emplace_back(tag.substr(0, sep), tag);
    }
    EXPECT_EQ(Text(detail::QueryTagStats(store_, totals, node_tags, from, to)),
              Text(detail::QueryTagStats(store_, log, node_tags, from, to)));
    for (int limit : {1, 3, 5, 20}) {
      EXPECT_EQ(Text(detail::QueryWeakestCards(store_, totals, from, to, limit)),
                Text(detail::QueryWeakestCards(store_, log, from, to, limit)))
          << "limit " << limit;
    }
  }
  EXPECT_EQ(detail::QueryAnswerDays(store_, totals), detail::QueryAnswerDays(store_, log));
  const std::vector<std::pair<int64_t, int64_t>> all_added = detail::QueryAddedQuarterHours(store_, log, Timestamp{0});
  EXPECT_FALSE(all_added.empty());
  for (const Timestamp from : {Timestamp{0}, Timestamp{kNow * 1000 - 86400000}, Timestamp{kNow * 1000 - 12345},
                               Timestamp{kNow * 1000 + 900000}}) {
    EXPECT_EQ(detail::QueryAddedQuarterHours(store_, totals, from), detail::QueryAddedQuarterHours(store_, log, from))
        << from.ms;
  }
  EXPECT_EQ(Text(detail::QueryCardCounts(store_, totals)), Text(detail::QueryCardCounts(store_, log)));
  for (const Day d : {today, today + 7, today - 5}) {
    const auto a = detail::QueryForecast(store_, totals, d, 90, clock_.Now());
    const auto b = detail::QueryForecast(store_, log, d, 90, clock_.Now());
    EXPECT_EQ(Text(a.days), Text(b.days));
    EXPECT_EQ(a.backlog, b.backlog);
    EXPECT_EQ(a.learning_due, b.learning_due);
  }
  EXPECT_EQ(Text(detail::QueryIntervals(store_, totals)), Text(detail::QueryIntervals(store_, log)));
  EXPECT_EQ(Text(detail::QueryEases(store_, totals)), Text(detail::QueryEases(store_, log)));
  EXPECT_EQ(detail::QueryTagNames(store_, totals), detail::QueryTagNames(store_, log));
  // The history is not trivial: answers on many days, sm2 grades, cram.
  EXPECT_GT(detail::QueryAnswerDays(store_, log).size(), 100u);
  EXPECT_FALSE(detail::QueryWeakestCards(store_, log, today - 1000, today, 5).empty());
}

INSTANTIATE_TEST_SUITE_P(Seeds, StatsTotalsTest, ::testing::Values(1, 2, 3, 4, 5));

// The totals of a collection written before 0011: the migration fills them
// from the rows, and they equal the log's figures.
TEST(StatsTotalsMigrationTest, FilledFromExistingRows) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  const Deck deck = store.CreateDeck("A", {});
  Note n;
  n.front = "q";
  n.back = "a";
  n.tags = {"t::a", "t::b"};
  const Card card = store.AddNote(&n, deck.id);
  AnswerCard(store, card.id, 3, clock.Now(), 1234);
  AnswerCard(store, card.id, 1, Timestamp::FromSeconds(kNow + 700), 4321);
  auto& db = detail::Db(store);
  // As the migration found them: empty totals, then its INSERT ... SELECT
  // statements (the tables and triggers exist already), in its order.
  const char* const tables[] = {"revlog_day_totals", "revlog_quarter_totals", "card_state_totals",
                                "card_due_totals",   "card_added_totals",     "tagsets",
                                "note_tagsets",      "tagset_card_totals",    "tagset_day_totals"};
  for (const char* t : tables) db.exec(std::string("DELETE FROM ") + t);
  for (const char* t : tables) {
    const std::string fill = detail::MigrationFill("stats_totals", t);
    ASSERT_FALSE(fill.empty()) << t;
    db.exec(fill);
  }
  detail::StatsScope totals;
  detail::StatsScope log;
  log.from_log = true;
  const Day today = StudyDayOf(clock.Now(), 4);
  EXPECT_EQ(Text(detail::QueryStatsDays(store, totals, today, today)),
            Text(detail::QueryStatsDays(store, log, today, today)));
  EXPECT_EQ(Text(detail::QueryStatsDays(store, log, today, today)),
            std::to_string(today.n) + ": 2 0 0 0 0 0 5555 | 1 0 0 0 0 0 0 | 0 1 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
  EXPECT_EQ(Text(detail::QueryCardCounts(store, totals)), Text(detail::QueryCardCounts(store, log)));
  const std::vector<std::pair<std::string, std::string>> node_tags = {{"t", "t::a"}, {"t", "t::b"}, {"t::a", "t::a"}};
  EXPECT_EQ(Text(detail::QueryTagStats(store, totals, node_tags, today, today)), "t: 1 0 2 0 0 0 -1\nt::a: 1 0 2 0 0 0 -1\n");
  EXPECT_EQ(Text(detail::QueryTagStats(store, log, node_tags, today, today)),
            Text(detail::QueryTagStats(store, totals, node_tags, today, today)));
  EXPECT_EQ(detail::QueryAddedQuarterHours(store, totals, Timestamp{0}),
            (std::vector<std::pair<int64_t, int64_t>>{{card.id / 900000, 1}}));
}

}  // namespace
}  // namespace recall

namespace recall {
namespace {

// The scale fill drops the review log's triggers for its bulk insert and
// refills their totals from the rows (store/scale_fill.cpp): the totals
// then equal the log's, and the triggers keep them after.
TEST(StatsTotalsBulkFillTest, RefilledTotalsEqualTheLogsAndTheTriggersAreBack) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  detail::ScaleFill spec;
  spec.cards = 200;
  spec.decks = 4;
  spec.revlog_rows = 2000;
  detail::FillScaleCollection(store, spec);
  detail::StatsScope totals;
  detail::StatsScope log;
  log.from_log = true;
  const Day today = StudyDayOf(clock.Now(), 4);
  const std::vector<std::pair<std::string, std::string>> node_tags = {{"topic3", "topic3::sub0"},
                                                                      {"topic3::sub0", "topic3::sub0"}};
  const detail::HourOfQuarter hour_of = [](int64_t q) { return static_cast<int>(q % 24); };
  auto expect_equal = [&] {
    EXPECT_EQ(Text(detail::QueryStatsDays(store, totals, today - 400, today)),
              Text(detail::QueryStatsDays(store, log, today - 400, today)));
    EXPECT_EQ(detail::QueryAnswerHours(store, totals, today - 400, today, hour_of),
              detail::QueryAnswerHours(store, log, today - 400, today, hour_of));
    EXPECT_EQ(Text(detail::QueryTagStats(store, totals, node_tags, today - 400, today)),
              Text(detail::QueryTagStats(store, log, node_tags, today - 400, today)));
  };
  expect_equal();
  EXPECT_GT(detail::QueryStatsDays(store, log, today - 400, today).size(), 300u);  // a year of answers
  const auto due = ListCards(store, CardQuery{}, {});
  ASSERT_FALSE(due.empty());
  AnswerCard(store, due.back().card.id, 1, clock.Now(), 3000);
  expect_equal();
  EXPECT_EQ(detail::QueryStatsDays(store, totals, today, today).size(), 1u);
}

}  // namespace
}  // namespace recall
