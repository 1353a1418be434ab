#ifndef RECALL_READINESS_H_
#define RECALL_READINESS_H_

// Readiness for an interview (docs/interview.md): every card's predicted
// recall on the interview day from the memory model, summed up per topic
// (tag, with its parents) and overall, and the cards most at risk.

#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "recall/fsrs.h"
#include "recall/interview.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

// What readiness needs of one card in scope.
struct ReadinessCard {
  int64_t card_id = 0;
  std::string front;              // the question, for at-risk listings
  std::vector<std::string> tags;  // the note's tags
  // Memory state after the last answer, and that answer's study day; empty
  // for a card never studied (its predicted recall is 0).
  std::optional<MemoryState> memory;
  Day last_review_day;
};

// A sum of recall probabilities (each in [0, 1]) whose result does not
// depend on the order of its terms: each term is rounded to a multiple of
// 2^-40 and summed exactly as an integer. Readiness is summed this way
// wherever it is computed (ComputeReadiness, the plan, the status of bare
// `recall`), so the same cards give the same figure to the last bit whatever
// order they are read in. Exact up to 8 million terms.
class RecallSum {
 public:
  RecallSum() = default;
  explicit RecallSum(int64_t units) : units_(units) {}
  // One term's units: recall rounded to a multiple of 2^-40.
  static int64_t Units(double recall) { return std::llround(recall * kUnitsPerOne); }
  void Add(double recall) { units_ += Units(recall); }
  void AddUnits(int64_t units) { units_ += units; }
  int64_t units() const { return units_; }
  // The mean over `count` terms (cards not added count 0); 0 when count is 0.
  double Mean(int64_t count) const {
    return count > 0 ? static_cast<double>(units_) / kUnitsPerOne / static_cast<double>(count) : 0;
  }

 private:
  static constexpr double kUnitsPerOne = 1099511627776.0;  // 2^40
  int64_t units_ = 0;
};

// Whole days from an answer at `last_review_s` to `day_end` (a study day's
// end, the next day's start), rounded down, never below 0: the elapsed days
// the memory model counts for that study day (MemoryModel::ForCard).
int64_t ElapsedStudyDays(int64_t last_review_s, Timestamp day_end);

// The predicted recall on a study day of a card whose memory state
// (`stability`) was set by an answer at `last_review_s`, the day being the
// one that ends at `day_end` (the next study day's start):
// R(ElapsedStudyDays(last_review_s, day_end), S).
double RecallAtDayEnd(const FsrsParams& w, double stability, int64_t last_review_s, Timestamp day_end);

// The topic a card is listed under: its first tag (in sort order), or
// "(untagged)".
inline constexpr const char* kUntaggedTopic = "(untagged)";

struct TopicReadiness {
  std::string topic;  // a tag; "a" counts the cards tagged "a" or "a::…"
  int64_t cards = 0;
  double mean_recall = 0;  // over the topic's cards, new ones counting 0
  int64_t below_target = 0;
  int64_t never_studied = 0;
};

struct CardRecall {
  int64_t card_id = 0;
  std::string front;
  std::string topic;
  double recall = 0;  // predicted on the day; 0 when never studied
  bool studied = false;
};

struct Readiness {
  Day day;
  double target = 0;
  int64_t cards = 0;
  double mean_recall = 0;  // 0 for an empty scope
  int64_t below_target = 0;
  int64_t never_studied = 0;
  std::vector<TopicReadiness> topics;  // weakest (lowest mean) first, then by name
  std::vector<CardRecall> at_risk;     // lowest predicted recall first, then by card id
};

// Pure: the readiness of `cards` on `day` against `target`, with the
// `at_risk` cards of lowest recall (at most that many). A card's predicted
// recall: R(day - last_review_day, S) with the FSRS parameters `w` (elapsed
// never below 0). "Below target": recall < target.
Readiness ComputeReadiness(const std::vector<ReadinessCard>& cards, Day day, double target,
                           const FsrsParams& w, size_t at_risk);

// ComputeReadiness card by card, in memory that does not grow with the
// cards: sums per topic (one entry per distinct tag set and per topic) and
// the `at_risk` lowest cards so far. The same Readiness to the last bit,
// whatever order the cards come in (readiness is a RecallSum; at-risk ties
// go by card id).
class ReadinessAccumulator {
 public:
  ReadinessAccumulator(Day day, double target, const FsrsParams& w, size_t at_risk);
  // `front` and `tags` of `card` are used as they are; Add copies the front
  // only while the card is among the lowest.
  void Add(const ReadinessCard& card);
  Readiness Finish() &&;

  struct Sum {
    int64_t cards = 0;
    RecallSum recall;
    int64_t below = 0;
    int64_t fresh = 0;
    // sign 1 adds a card, -1 takes it back.
    void Add(double r, bool studied, double target, int sign = 1);
  };
  // Its whole state, for a readiness kept between reports and brought up to
  // date card by card (lib/src/interview/readiness_snapshot.cpp).
  struct State {
    Sum total;
    std::map<std::string, Sum> topics;
    std::vector<CardRecall> lowest;  // the lowest cards so far, in at-risk order
  };
  State TakeState() &&;
  // The Readiness of a state, with at most `at_risk` of its lowest cards.
  static Readiness FromState(Day day, double target, State state, size_t at_risk);
  // The topics a card with note tags `tags` counts under (each tag and its
  // parents, or "(untagged)"), and the one it is listed under.
  static std::pair<std::vector<std::string>, std::string> TopicsOf(const std::vector<std::string>& tags);
  // The at-risk order: lowest predicted recall first, then by card id.
  static bool LowerRecall(const CardRecall& a, const CardRecall& b);

 private:
  // What a tag set contributes to: its topics' sums, and the topic a card
  // is listed under.
  struct TagSet {
    std::vector<Sum*> topics;
    std::string listed_under;
  };
  const TagSet& TagSetOf(const std::vector<std::string>& tags);

  Day day_;
  double target_;
  FsrsParams w_;
  size_t at_risk_;
  Sum total_;
  std::map<std::string, Sum> topics_;
  std::map<std::string, TagSet> tag_sets_;  // by the tags joined with '\n'
  std::string key_;                          // TagSetOf's scratch
  std::vector<CardRecall> lowest_;           // a max-heap: the highest of the lowest on top
};

// A card's predicted recall on `day` (0 when never studied), as
// ComputeReadiness counts it.
double PredictedRecallOn(const ReadinessCard& card, Day day, const FsrsParams& w);

// The readiness of `interview`'s scope on its day, with the `at_risk` cards
// most at risk: ComputeReadiness(ReadinessCards(...)) from one lean pass
// over the scope's cards, in memory that does not follow the scope's size.
Readiness ReadinessOfScope(const Store& store, const Interview& interview, int rollover_hour, size_t at_risk);

// The cards of `interview`'s scope as ComputeReadiness takes them: memory
// states from the memory model (recall::MemoryModel), last answers' study
// days at `rollover_hour`.
std::vector<ReadinessCard> ReadinessCards(const Store& store, const Interview& interview, int rollover_hour);

// An interview with its readiness, for reports (the HTML stats report).
struct InterviewReadiness {
  Interview interview;
  Day today;  // the interview's study day today
  Readiness readiness;
};

// Every interview still to come (or today), by date, with its readiness and
// the 10 cards most at risk. Each readiness is kept between calls while the
// collection is unchanged (schema/0016_stats_snapshots.sql: answers keep it
// up to date); a read-only collection is only read.
std::vector<InterviewReadiness> ReadinessOfInterviews(Store& store);

}  // namespace recall

#endif  // RECALL_READINESS_H_
