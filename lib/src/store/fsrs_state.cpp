// The collection's FSRS parameters and the cards' memory states.

#include <optional>
#include <string>
#include <vector>

#include "recall/memory.h"
#include "stats/stats_queries.h"
#include "store/store_impl.h"

namespace recall {
namespace detail {

namespace {

struct CardToReplay {
  int64_t id = 0;
  CardState state;
  Algorithm ratings_of = Algorithm::kAnki;
};

// Replays each card's review log into its memory state; returns how many
// cards have one afterwards.
int64_t ReplayCards(Store& store, const std::vector<CardToReplay>& cards) {
  auto& db = Db(store);
  const FsrsParams params = store.FsrsParameters();
  SQLite::Statement write(db,
                          "UPDATE cards SET stability = ?, difficulty = ?, last_review_s = ? WHERE id = ?");
  int64_t with_state = 0;
  for (const CardToReplay& card : cards) {
    const CardState& state = card.state;
    const auto replayed = MemoryFromReviewLog(store.RevlogOfCard(card.id), card.ratings_of, params);
    if (replayed) {
      write.bind(1, replayed->state.stability);
      write.bind(2, replayed->state.difficulty);
      write.bind(3, replayed->last_review_s);
      ++with_state;
    } else if (state.type == CardType::kReview || state.type == CardType::kRelearning) {
      // A review card without history (e.g. imported without it): SM-2's
      // interval and ease are all there is.
      const MemoryState m = FsrsStateFromSm2(params, state.ease > 0 ? state.ease / 1000.0 : 2.5,
                                             state.interval > 0 ? state.interval : 1, kSm2AssumedRetention);
      write.bind(1, m.stability);
      write.bind(2, m.difficulty);
      write.bind(3, static_cast<int64_t>(0));
      ++with_state;
    } else {
      write.bind(1);
      write.bind(2);
      write.bind(3, static_cast<int64_t>(0));
    }
    write.bind(4, card.id);
    write.exec();
    write.reset();
  }
  return with_state;
}

// The cards the query selects (columns id, type, ivl, ease, algorithm; ?1
// bound to `ids`), read before any is written.
std::vector<CardToReplay> CardsToReplay(SQLite::Database& db, const char* sql, const std::vector<int64_t>& ids,
                                        std::optional<Algorithm> ratings_of) {
  SQLite::Statement cards(db, sql);
  cards.bind(1, IdsJson(ids));
  std::vector<CardToReplay> todo;
  while (cards.executeStep()) {
    CardToReplay c;
    c.id = cards.getColumn(0).getInt64();
    c.state.type = static_cast<CardType>(cards.getColumn(1).getInt());
    c.state.interval = cards.getColumn(2).getInt();
    c.state.ease = cards.getColumn(3).getInt();
    c.ratings_of = ratings_of ? *ratings_of
                              : ParseAlgorithm(cards.getColumn(4).getString()).value_or(Algorithm::kAnki);
    todo.push_back(c);
  }
  return todo;
}

}  // namespace

void RecomputeMemoryStates(Store& store, const std::vector<int64_t>& deck_ids, Algorithm ratings_of) {
  ReplayCards(store, CardsToReplay(Db(store),
                                   "SELECT id, type, ivl, ease, '' FROM cards WHERE deck_id IN "
                                   "(SELECT value FROM json_each(?)) ORDER BY id",
                                   deck_ids, ratings_of));
}

int64_t KeepReplayedMemory(Store& store, const std::vector<std::pair<int64_t, ReplayedMemory>>& states) {
  int64_t written = 0;
  if (states.empty()) return written;
  Guard(store, [&] {
    store.Transaction([&] {
      auto& db = Db(store);
      SQLite::Statement write(db,
                              "UPDATE cards SET stability = ?, difficulty = ?, last_review_s = ? "
                              "WHERE id = ? AND (stability IS NULL OR difficulty IS NULL)");
      for (const auto& [id, m] : states) {
        write.bind(1, m.state.stability);
        write.bind(2, m.state.difficulty);
        write.bind(3, m.last_review_s);
        write.bind(4, id);
        written += write.exec();
        write.reset();
      }
    });
  });
  return written;
}

int64_t RecomputeCardMemoryStates(Store& store, const std::vector<int64_t>& card_ids) {
  return ReplayCards(store, CardsToReplay(Db(store),
                                          "SELECT c.id, c.type, c.ivl, c.ease, d.algorithm FROM cards c "
                                          "JOIN decks d ON d.id = c.deck_id WHERE c.id IN "
                                          "(SELECT value FROM json_each(?)) ORDER BY c.id",
                                          card_ids, std::nullopt));
}

}  // namespace detail

FsrsParams Store::FsrsParameters() const {
  return detail::Guard(*this, [&] {
    const std::string text = detail::Db(*this).execAndGet("SELECT fsrs_params FROM collection").getString();
    if (text.empty()) return DefaultFsrsParams();
    const auto parsed = ParseFsrsParams(text);
    if (!parsed)
      throw Error(ErrorCode::kStore, "malformed FSRS parameters in the collection (" + path() + ")");
    return *parsed;
  });
}

void Store::SetFsrsParameters(const FsrsParams& params) {
  Transaction([&] {
    SQLite::Statement st(detail::Db(*this), "UPDATE collection SET fsrs_params = ?");
    st.bind(1, FormatFsrsParams(params));
    st.exec();
    for (const Deck& d : ListDecks()) detail::RecomputeMemoryStates(*this, {d.id}, d.options.algorithm);
  });
}

void Store::RecomputeMemoryStates(const std::vector<int64_t>& deck_ids) {
  Transaction([&] {
    for (int64_t id : deck_ids) {
      const auto deck = GetDeck(id);
      if (!deck) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(id) + ")");
      detail::RecomputeMemoryStates(*this, {id}, deck->options.algorithm);
    }
  });
}

}  // namespace recall
