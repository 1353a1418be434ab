// Today's status (recall/today.h).

#include "recall/today.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "interview/scope_memory.h"
#include "interview/scope_status.h"
#include "interview/today_reach.h"
#include "recall/interview_plan.h"
#include "recall/memory.h"
#include "recall/readiness.h"
#include "recall/session.h"
#include "recall/today_counts.h"
#include "store/status_cache.h"

namespace recall {
namespace {

// The review queue's counts now, as a session over every deck would show them
// (the same counts as `recall decks` and the review header).
QueueCounts QueueCountsNow(Store& store) { return CountToday(store, std::nullopt).counts; }

// What each deck's review limit leaves today (limit less its reviews done
// today), every deck.
std::map<int64_t, int64_t> ReviewAllowances(const Store& store, Day today) {
  std::map<int64_t, Day> days;
  const std::vector<Deck> decks = store.ListDecks();
  for (const Deck& d : decks) days.emplace(d.id, today);
  const std::map<int64_t, DeckUsage> usage = LoadDeckUsage(store, days);
  std::map<int64_t, int64_t> out;
  for (const Deck& d : decks) {
    const auto it = usage.find(d.id);
    out[d.id] = d.options.reviews_per_day - (it == usage.end() ? 0 : it->second.reviews_done);
  }
  return out;
}

// Today's first cards in scope, as ScopeCardsDueToday gives them for
// `limits`: from the line's reach when it still holds them (after an answer),
// else from the queues, read with room to spare and kept as the new reach.
// `first_answered`: the scope's cards first answered today.
std::vector<Card> TodaysCards(const Store& store, const Interview& iv, Day today, Timestamp day_end,
                              const interview::ReachLimits& limits, std::vector<int64_t> first_answered,
                              detail::CachedInterviewStatus* line) {
  if (line->reach) {
    if (auto cards = interview::CardsFromReach(CardsWithIds(store, line->reach->ids), *line->reach, limits, today,
                                               day_end)) {
      return std::move(*cards);
    }
  }
  interview::ReachLimits asked = limits;
  // (A day answers at most `answers` cards, so it introduces at most as
  // many new ones.)
  asked.new_cards = std::min(asked.new_cards, asked.answers) * 2;
  asked.answers *= 2;
  const std::vector<Card> read = ScopeCardsDueToday(store, iv, today, day_end, asked.answers,
                                                    asked.review_allowance, asked.new_cards);
  line->reach = interview::ReachOf(read, asked, today, day_end);
  line->reach->first_answered = std::move(first_answered);
  if (auto cards = interview::CardsFromReach(read, *line->reach, limits, today, day_end)) return std::move(*cards);
  // (Not reached: what was just read holds today's cards. Should it not,
  // read them exactly and keep no reach.)
  line->reach.reset();
  return ScopeCardsDueToday(store, iv, today, day_end, limits.answers, limits.review_allowance,
                            std::min(limits.new_cards, limits.answers));
}

// The plan part of an interview's line: the first day of the plan
// (recall/interview_plan.h) from only the cards that day can reach, which
// gives the first day of `recall interview plan` exactly: each answer costs
// at least one answer time, so a day of max_minutes gets to at most
// max_minutes / answer time cards (and one that does not fit), in queue
// order, and a deck's reviews past its allowance are left whatever the load.
void ComputePlanPart(const Store& store, const MemoryModel& model, const Interview& iv, Day today, int rollover,
                     double seconds_per_answer, detail::CachedInterviewStatus* line) {
  line->plan_day = today;
  line->planned_new = 0;
  line->planned_reviews = 0;
  line->planned_minutes = 0;
  if (iv.day <= today) return;
  PlanOptions opts;
  opts.now = store.clock().Now();
  opts.today = today;
  opts.day = iv.day;
  opts.rollover_hour = rollover;
  opts.target = iv.target;
  opts.seconds_per_answer = seconds_per_answer;
  opts.max_days = 1;
  if (line->reach && line->reach->day != today) line->reach.reset();
  std::vector<int64_t> first_answered =
      line->reach ? line->reach->first_answered : FirstAnsweredInScope(store, iv, today);
  const int64_t new_done_today = static_cast<int64_t>(first_answered.size());
  const int64_t rate = PlanNewPerDay(line->fresh + new_done_today, iv.day - today);
  interview::ReachLimits limits;
  limits.answers = static_cast<int64_t>(opts.max_minutes * 60 / std::max(seconds_per_answer, 0.1)) + 1;
  limits.review_allowance = ReviewAllowances(store, today);
  limits.new_cards = std::max<int64_t>(0, rate - new_done_today);
  std::vector<Card> reach = TodaysCards(store, iv, today, StartOfStudyDay(today + 1, rollover), limits,
                                         std::move(first_answered), line);
  // And the cards the deadline rule may pull before the day (due after it).
  std::set<int64_t> listed;
  for (const Card& c : reach) listed.insert(c.id);
  std::vector<int64_t> pulled;
  for (int64_t id : line->pull_candidates) {
    if (!listed.count(id)) pulled.push_back(id);
  }
  for (Card& c : CardsWithIds(store, pulled)) reach.push_back(std::move(c));
  PlanScope scope = interview::PlanScopeOf(store, model, reach, today, rollover);
  scope.new_done_today = new_done_today;
  const int64_t listed_new =
      std::count_if(reach.begin(), reach.end(), [](const Card& c) { return c.state.type == CardType::kNew; });
  scope.unlisted_new_cards = line->fresh - listed_new;
  const Plan plan = MakePlan(scope, opts, model.params());
  if (plan.days.empty()) return;
  line->planned_new = plan.days.front().new_cards;
  line->planned_reviews = plan.days.front().reviews;
  line->planned_minutes = plan.days.front().minutes;
}

}  // namespace

TodayStatus ComputeTodayStatus(Store& store) {
  TodayStatus out;
  const QueueCounts counts = QueueCountsNow(store);
  out.learning = counts.learning;
  out.reviews = counts.review;
  out.new_left = counts.new_cards;
  // Each interview's line is cached (store/status_cache.h): its scope part
  // while the collection's generation is unchanged (answers keep it up to
  // date), its plan part for the study day.
  const int64_t generation = detail::StatusGeneration(store);
  std::optional<MemoryModel> model;
  std::optional<double> seconds;
  for (const Interview& iv : ListInterviews(store)) {
    const int rollover = store.RolloverHour();
    const Day today = store.Today().today;
    if (iv.day < today) continue;
    auto line = detail::LoadInterviewStatus(store, iv.id);
    const bool scope_valid = line && line->generation == generation;
    if (!scope_valid || line->plan_day != today) {
      if (!model) model.emplace(store);
      if (!scope_valid) {
        line = interview::ComputeScopeStatus(store, *model, iv, rollover);
        line->generation = generation;
      }
      if (!seconds) seconds = AverageAnswerSeconds(store).value_or(kDefaultAnswerSeconds);
      ComputePlanPart(store, *model, iv, today, rollover, *seconds, &*line);
      detail::SaveInterviewStatus(store, *line);
    }
    InterviewDayStatus it;
    it.interview = iv;
    it.days_left = iv.day - today;
    it.cards = line->cards;
    it.readiness = RecallSum(line->recall_units).Mean(line->cards);
    it.planned_new = line->planned_new;
    it.planned_reviews = line->planned_reviews;
    it.planned_minutes = line->planned_minutes;
    out.interviews.push_back(std::move(it));
  }
  return out;
}

}  // namespace recall
