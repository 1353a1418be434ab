// The collection's FSRS parameters and the cards' memory states.

#include <string>
#include <vector>

#include "recall/memory.h"
#include "store/store_impl.h"

namespace recall {
namespace detail {

void RecomputeMemoryStates(Store& store, const std::vector<int64_t>& deck_ids, Algorithm ratings_of) {
  auto& db = Db(store);
  const FsrsParams params = store.FsrsParameters();
  SQLite::Statement cards(
      db,
      "SELECT id, type, ivl, ease FROM cards WHERE deck_id IN (SELECT value FROM json_each(?)) "
      "ORDER BY id");
  cards.bind(1, IdsJson(deck_ids));
  SQLite::Statement write(db,
                          "UPDATE cards SET stability = ?, difficulty = ?, last_review_s = ? WHERE id = ?");
  std::vector<std::pair<int64_t, CardState>> todo;
  while (cards.executeStep()) {
    CardState s;
    s.type = static_cast<CardType>(cards.getColumn(1).getInt());
    s.interval = cards.getColumn(2).getInt();
    s.ease = cards.getColumn(3).getInt();
    todo.emplace_back(cards.getColumn(0).getInt64(), s);
  }
  for (const auto& [card_id, state] : todo) {
    const auto replayed = MemoryFromReviewLog(store.RevlogOfCard(card_id), ratings_of, params);
    if (replayed) {
      write.bind(1, replayed->state.stability);
      write.bind(2, replayed->state.difficulty);
      write.bind(3, replayed->last_review_s);
    } else if (state.type == CardType::kReview || state.type == CardType::kRelearning) {
      // A review card without history (e.g. imported without it): SM-2's
      // interval and ease are all there is.
      const MemoryState m = FsrsStateFromSm2(params, state.ease > 0 ? state.ease / 1000.0 : 2.5,
                                             state.interval > 0 ? state.interval : 1, kSm2AssumedRetention);
      write.bind(1, m.stability);
      write.bind(2, m.difficulty);
      write.bind(3, static_cast<int64_t>(0));
    } else {
      write.bind(1);
      write.bind(2);
      write.bind(3, static_cast<int64_t>(0));
    }
    write.bind(4, card_id);
    write.exec();
    write.reset();
  }
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
