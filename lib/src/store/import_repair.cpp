// Out-of-range states of imported cards, repaired (see import_repair.h). The
// rules mirror recall check's card rules (check_queries.cpp): each repair
// makes one of them hold.

#include "store/import_repair.h"

#include <algorithm>
#include <map>
#include <set>

#include "store/store_impl.h"

namespace recall::detail {
namespace {

constexpr int64_t kFirstTimestamp = 1000000000;  // recall check: an intraday due below this is not a time
constexpr int32_t kDefaultEase = 2500;
constexpr int32_t kMinimumEase = 1300;

enum Repair { kLearningDue, kReviewDue, kInterval, kEaseZero, kEaseLow, kReps, kRepairCount };

// What each repair finds and what it sets, for the import summary.
constexpr const char* kFound[kRepairCount] = {
    "learning cards due before 1970",    "review cards due past any calendar",
    "review cards with interval 0",      "review cards with ease 0",
    "review cards with ease below 130%", "cards with more review log rows than answers",
};
constexpr const char* kSet[kRepairCount] = {
    "due now", "due today", "interval 1 day", "ease 250%", "ease 130%", "answers raised to the row count",
};

}  // namespace

std::vector<std::string> RepairImportedCards(
    Store& store, const std::unordered_map<int64_t, std::pair<int64_t, int>>& card_map) {
  SQLite::Database& db = Db(store);
  const Timestamp now = store.clock().Now();
  std::set<int64_t> cards;
  for (const auto& [package_id, target] : card_map) cards.insert(target.first);
  std::optional<int64_t> today;
  int64_t counts[kRepairCount] = {};
  SQLite::Statement read(db,
                         std::string("SELECT c.type, c.queue, c.due, c.ivl, c.ease, c.reps, d.algorithm, ") +
                         "(SELECT count(*) FROM revlog r WHERE r.card_id = c.id AND " +
                             std::string(detail::kRevlogAnswerSql) + ") "
                         "FROM cards c JOIN decks d ON d.id = c.deck_id WHERE c.id = ?");
  SQLite::Statement write(db, "UPDATE cards SET due = ?, ivl = ?, ease = ?, reps = ? WHERE id = ?");
  for (const int64_t id : cards) {
    read.bind(1, id);
    if (!read.executeStep()) {
      read.reset();
      continue;
    }
    const int type = read.getColumn(0).getInt();
    const int queue = read.getColumn(1).getInt();
    int64_t due = read.getColumn(2).getInt64();
    int64_t ivl = read.getColumn(3).getInt64();
    int64_t ease = read.getColumn(4).getInt64();
    int64_t reps = read.getColumn(5).getInt64();
    const bool anki = read.getColumn(6).getString() == "anki";
    const int64_t rows = read.getColumn(7).getInt64();
    read.reset();
    const int64_t before[] = {due, ivl, ease, reps};
    const bool review = type == static_cast<int>(CardType::kReview);
    if (queue == static_cast<int>(CardQueue::kLearning) && due < kFirstTimestamp) {
      due = now.Seconds();
      ++counts[kLearningDue];
    }
    const bool due_is_day = queue == static_cast<int>(CardQueue::kReview) ||
                            queue == static_cast<int>(CardQueue::kDayLearning) || (queue < 0 && review);
    if (due_is_day && due >= kFirstTimestamp) {
      if (!today) today = store.Today().today.n;
      due = *today;
      ++counts[kReviewDue];
    }
    if (review && ivl < 1) {
      ivl = 1;
      ++counts[kInterval];
    }
    if (review && anki && ease < kMinimumEase) {
      ++counts[ease == 0 ? kEaseZero : kEaseLow];
      ease = ease == 0 ? kDefaultEase : kMinimumEase;
    }
    if (reps < rows) {
      reps = rows;
      ++counts[kReps];
    }
    const int64_t after[] = {due, ivl, ease, reps};
    if (std::equal(std::begin(before), std::end(before), std::begin(after))) continue;
    write.bind(1, due);
    write.bind(2, ivl);
    write.bind(3, ease);
    write.bind(4, reps);
    write.bind(5, id);
    write.exec();
    write.reset();
  }
  std::vector<std::string> lines;
  for (int r = 0; r < kRepairCount; ++r) {
    if (counts[r] > 0)
      lines.push_back(std::string(kFound[r]) + ": " + std::to_string(counts[r]) + " (" + kSet[r] + ")");
  }
  return lines;
}

}  // namespace recall::detail
