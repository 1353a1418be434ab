// MemoryModel::PreloadReplays: the memory of cards with no state of their
// own, replayed in one pass over the review log, is the same to the last bit
// as each card's own log replayed (MemoryFromReviewLog), and the memory
// section of `recall stats` (which preloads) equals the samples read card by
// card without it.

#include <gtest/gtest.h>

#include <algorithm>

#include <random>
#include <string>
#include <vector>

#include "recall/memory.h"
#include "recall/review.h"
#include "recall/stats.h"
#include "recall/store.h"
#include "stats/memory_stats.h"
#include "stats/stats_queries.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kStart = 1704099600;  // 2024-01-01 09:00 UTC

// Three decks (anki, sm2, fsrs) answered at random for 40 days, then the
// stored memory state of two cards in three wiped, as a collection from
// before FSRS (or an Anki package without it) has them; one card reset to
// new by a "forget" row, one answered only by cram.
class MemoryPreloadTest : public ::testing::Test {
 protected:
  explicit MemoryPreloadTest(int cards_per_deck = 30, int days = 40)
      : zone_("UTC"), clock_(Timestamp::FromSeconds(kStart)), store_(Store::OpenInMemory(clock_)) {
    std::mt19937_64 rng(5);
    const Algorithm algorithms[] = {Algorithm::kAnki, Algorithm::kSm2, Algorithm::kFsrs};
    std::vector<Card> cards;
    for (int d = 0; d < 3; ++d) {
      DeckOptions o;
      o.algorithm = algorithms[d];
      const Deck deck = store_.CreateDeck("D" + std::to_string(d), o);
      for (int i = 0; i < cards_per_deck; ++i) {
        Note n;
        n.front = "问题 " + std::to_string(d) + "-" + std::to_string(i);
        n.back = "答案";
        n.tags = {i % 2 ? "llm::rag" : "db"};
        cards.push_back(store_.AddNote(&n, deck.id));
      }
    }
    for (int day = 0; day < days; ++day) {
      clock_.Set(Timestamp::FromSeconds(kStart + day * 86400 + static_cast<int64_t>(rng() % 30000)));
      for (const Card& c : cards) {
        if (rng() % 3 != 0) continue;
        const Algorithm a = store_.GetDeck(c.deck_id)->options.algorithm;
        const int lo = MinRating(a), hi = MaxRating(a);
        AnswerCard(store_, c.id, lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1)), clock_.Now(),
                   5000);
      }
    }
    cram_ = cards[7].id;
    AnswerCard(store_, cram_, MinRating(store_.GetDeck(cards[7].deck_id)->options.algorithm), clock_.Now(), 1000,
               nullptr, AnswerMode::kCram);
    detail::Db(store_).exec("UPDATE cards SET stability = NULL, difficulty = NULL WHERE id % 3 != 0");
    // A "forget" row (manual, interval 0) in the middle of one card's log:
    // just before its second answer, at a free id.
    forgotten_ = cards[40].id;
    const std::vector<RevlogEntry> log = store_.RevlogOfCard(forgotten_);
    EXPECT_GE(log.size(), 2u);
    int64_t id = log.size() > 1 ? log[1].id - 1 : log.back().id + 1;
    auto taken = [&](int64_t candidate) {
      return detail::Db(store_).execAndGet("SELECT count(*) FROM revlog WHERE id = " + std::to_string(candidate))
                 .getInt() > 0;
    };
    while (taken(id)) --id;
    SQLite::Statement forget(detail::Db(store_),
                             "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                             "ease_before, duration_ms, day) VALUES (?1, ?2, 0, 4, 2, 0, 0, 0, 2500, 0, ?3)");
    forget.bind(1, id);
    forget.bind(2, forgotten_);
    forget.bind(3, static_cast<int64_t>(log.size() > 1 ? log[1].day.n : log.back().day.n));
    forget.exec();
    clock_.Set(Timestamp::FromSeconds(kStart + (days + 5) * 86400));
  }

  testing::ScopedTimeZone zone_;
  FixedClock clock_;
  Store store_;
  int64_t cram_ = 0;
  int64_t forgotten_ = 0;
};

TEST_F(MemoryPreloadTest, PreloadedReplaysEqualEachCardsOwnLog) {
  const std::vector<std::pair<int64_t, int64_t>> to_replay = detail::CardsToReplay(store_, CardQuery{});
  ASSERT_GT(to_replay.size(), 40u);  // the wiped cards with answers
  std::vector<int64_t> ids;
  for (const auto& [id, deck] : to_replay) {
    EXPECT_EQ(deck, store_.GetCard(id)->deck_id);
    ids.push_back(id);
  }
  const MemoryModel own(store_);
  MemoryModel preloaded(store_);
  preloaded.PreloadReplays(to_replay);
  int replayed = 0;
  for (const int64_t id : ids) {
    SCOPED_TRACE(id);
    const Card card = *store_.GetCard(id);
    ASSERT_FALSE(card.state.memory);
    const auto a = own.ForCard(card, clock_.Now());
    const auto b = preloaded.ForCard(card, clock_.Now());
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) continue;
    ++replayed;
    EXPECT_EQ(a->state, b->state);  // exactly
    EXPECT_EQ(a->retrievability, b->retrievability);
    EXPECT_EQ(a->elapsed_days, b->elapsed_days);
  }
  EXPECT_GT(replayed, 40);
  // The preload must not have read the card's log again: its rows changed
  // since, so a fresh read would differ.
  detail::Db(store_).exec("DELETE FROM revlog WHERE card_id = " + std::to_string(ids[0]));
  const Card first = *store_.GetCard(ids[0]);
  const auto before = preloaded.ForCard(first, clock_.Now());
  const auto after = own.ForCard(first, clock_.Now());
  ASSERT_TRUE(before);
  EXPECT_TRUE(!after || after->state != before->state);
}

TEST_F(MemoryPreloadTest, TheMemorySectionEqualsTheCardsReadOneByOne) {
  StatsFilter filter;
  const StatsReport report = ComputeStats(store_, filter);
  ASSERT_GT(report.memory.cards, 60);
  const MemoryModel model(store_);
  MemoryAccumulator expected;
  // Every card read on its own, in card id order (the pass's order without a
  // deck): one without a memory state gives none.
  std::vector<CardView> cards = store_.ListCards(CardQuery{});
  std::sort(cards.begin(), cards.end(), [](const CardView& a, const CardView& b) { return a.card.id < b.card.id; });
  for (const CardView& v : cards) {
    if (const auto m = model.ForCard(*store_.GetCard(v.card.id), report.generated_at)) {
      expected.Add({m->state.stability, m->state.difficulty, m->retrievability});
    }
  }
  const MemoryStats want = expected.Result();
  EXPECT_EQ(report.memory.cards, want.cards);
  EXPECT_EQ(report.memory.retrievability, want.retrievability);
  EXPECT_EQ(report.memory.stability, want.stability);
  EXPECT_EQ(report.memory.difficulty, want.difficulty);
  EXPECT_EQ(report.memory.mean_retrievability, want.mean_retrievability);  // exactly: same order
  EXPECT_EQ(report.memory.mean_stability, want.mean_stability);
  EXPECT_EQ(report.memory.mean_difficulty, want.mean_difficulty);
}

// Enough wiped cards for stats to keep their replayed states
// (detail::kCatchUpAtLeast).
class MemoryCatchUpTest : public MemoryPreloadTest {
 protected:
  MemoryCatchUpTest() : MemoryPreloadTest(160, 8) {}

  // Every card's row as text, memory columns apart.
  std::vector<std::string> RowsWithoutMemory() {
    std::vector<std::string> rows;
    SQLite::Statement st(detail::Db(store_),
                         "SELECT id, note_id, deck_id, type, queue, due, ivl, ease, reps, lapses, left, modified_s "
                         "FROM cards ORDER BY id");
    while (st.executeStep()) {
      std::string row;
      for (int i = 0; i < st.getColumnCount(); ++i) row += st.getColumn(i).getString() + "|";
      rows.push_back(row);
    }
    return rows;
  }
};

TEST_F(MemoryCatchUpTest, StatsKeepsEachReplayOnItsCardAndReportsTheSame) {
  std::vector<std::pair<int64_t, int64_t>> to_replay = detail::CardsToReplay(store_, CardQuery{});
  ASSERT_GE(to_replay.size(), detail::kCatchUpAtLeast);
  // One card reset to new by a "forget" after its last answer: its log gives
  // no state, so nothing is kept for it.
  const int64_t reset = to_replay.back().first;
  {
    const RevlogEntry last = store_.RevlogOfCard(reset).back();
    SQLite::Statement forget(detail::Db(store_),
                             "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                             "ease_before, duration_ms, day) VALUES (?1, ?2, 0, 4, 2, 0, 0, 0, 2500, 0, ?3)");
    forget.bind(1, (detail::Db(store_).execAndGet("SELECT max(id) FROM revlog").getInt64()) + 1);
    forget.bind(2, reset);
    forget.bind(3, static_cast<int64_t>(last.day.n));
    forget.exec();
  }
  // What each card's own log gives (a log ending in a "forget" gives none;
  // the forgotten card was answered again after its one).
  const MemoryModel own(store_);
  const FsrsParams params = store_.FsrsParameters();
  std::vector<std::pair<int64_t, CardMemory>> want;
  std::vector<std::pair<int64_t, int64_t>> without;
  for (const auto& pair : to_replay) {
    const Card card = *store_.GetCard(pair.first);
    const Algorithm a = store_.GetDeck(card.deck_id)->options.algorithm;
    if (!MemoryFromReviewLog(store_.RevlogOfCard(card.id), a, params)) {
      without.push_back(pair);
      continue;
    }
    const auto m = own.ForCard(card, clock_.Now());
    ASSERT_TRUE(m) << card.id;
    want.emplace_back(card.id, *m);
  }
  ASSERT_GE(want.size(), detail::kCatchUpAtLeast);
  ASSERT_EQ(without, (std::vector<std::pair<int64_t, int64_t>>{to_replay.back()}));
  const std::vector<std::string> rows_before = RowsWithoutMemory();
  const int64_t log_rows = detail::Db(store_).execAndGet("SELECT count(*) FROM revlog").getInt64();

  const StatsReport first = ComputeStats(store_, StatsFilter{});

  for (const auto& [id, m] : want) {
    SCOPED_TRACE(id);
    const Card card = *store_.GetCard(id);
    ASSERT_TRUE(card.state.memory);
    EXPECT_EQ(*card.state.memory, m.state);  // exactly: the stored double is the replay's
    const auto read = own.ForCard(card, clock_.Now());
    ASSERT_TRUE(read);
    EXPECT_EQ(read->retrievability, m.retrievability);
    EXPECT_EQ(read->elapsed_days, m.elapsed_days);
  }
  // Nothing else about any card changed, and no log row was written.
  EXPECT_EQ(RowsWithoutMemory(), rows_before);
  EXPECT_EQ(detail::Db(store_).execAndGet("SELECT count(*) FROM revlog").getInt64(), log_rows);
  EXPECT_EQ(detail::CardsToReplay(store_, CardQuery{}), without);

  // The next report reads the kept states: the same memory section.
  const StatsReport second = ComputeStats(store_, StatsFilter{});
  EXPECT_EQ(second.memory.cards, first.memory.cards);
  EXPECT_EQ(second.memory.retrievability, first.memory.retrievability);
  EXPECT_EQ(second.memory.stability, first.memory.stability);
  EXPECT_EQ(second.memory.difficulty, first.memory.difficulty);
  EXPECT_EQ(second.memory.mean_retrievability, first.memory.mean_retrievability);
  EXPECT_EQ(second.memory.mean_stability, first.memory.mean_stability);
  EXPECT_EQ(second.memory.mean_difficulty, first.memory.mean_difficulty);
  ASSERT_EQ(second.tags.size(), first.tags.size());
  for (size_t i = 0; i < first.tags.size(); ++i) {
    EXPECT_EQ(second.tags[i].predicted_recall, first.tags[i].predicted_recall) << first.tags[i].tag;
  }
}

TEST_F(MemoryCatchUpTest, AStateAnsweredSinceTheReplayIsKept) {
  const int64_t id = detail::CardsToReplay(store_, CardQuery{}).front().first;
  MemoryModel model(store_);
  model.PreloadReplays({{id, store_.GetCard(id)->deck_id}});
  const auto replayed = model.PreloadedStates();
  ASSERT_EQ(replayed.size(), 1u);
  // An answer in another session gives the card its own state first.
  const Algorithm a = store_.GetDeck(store_.GetCard(id)->deck_id)->options.algorithm;
  AnswerCard(store_, id, MaxRating(a), clock_.Now(), 4000);
  const MemoryState answered = *store_.GetCard(id)->state.memory;
  EXPECT_EQ(detail::KeepReplayedMemory(store_, replayed), 0);
  EXPECT_EQ(*store_.GetCard(id)->state.memory, answered);
}

TEST_F(MemoryCatchUpTest, FewerCardsThanTheThresholdAreLeftToTheReplay) {
  // All but kCatchUpAtLeast - 1 of the wiped cards get their state back
  // first: stats then leaves the rest to the card-by-card replay.
  std::vector<std::pair<int64_t, int64_t>> kept = detail::CardsToReplay(store_, CardQuery{});
  const size_t left = detail::kCatchUpAtLeast - 1;
  kept.resize(kept.size() - left);
  MemoryModel model(store_);
  model.PreloadReplays(kept);
  ASSERT_EQ(detail::KeepReplayedMemory(store_, model.PreloadedStates()), static_cast<int64_t>(kept.size()));
  const auto before = detail::CardsToReplay(store_, CardQuery{});
  ASSERT_EQ(before.size(), left);
  ComputeStats(store_, StatsFilter{});
  EXPECT_EQ(detail::CardsToReplay(store_, CardQuery{}), before);
}

}  // namespace
}  // namespace recall
