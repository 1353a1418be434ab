#ifndef RECALL_INTERVIEW_DEADLINE_H_
#define RECALL_INTERVIEW_DEADLINE_H_

// Scheduling towards an interview day (docs/scheduling.md, "Scheduling
// towards an interview"): an interval that would carry a card past the day
// without reaching the target is cut so that its last review lands in the
// final days before it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/fsrs.h"
#include "recall/interview.h"
#include "recall/scheduler.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall::interview {

// Pure. The interval (days from `today`) for a card answered on `today`
// whose memory after the answer has `stability`, when the scheduler gave
// `interval` days and an interview on `day` wants recall `target`:
//  - unchanged when interval < 1, when `day` <= today (the day is today or
//    passed), when today + interval < day (the card comes back before the
//    day), or when R(day - today, stability) >= target (ready without
//    another review);
//  - else day - today - k, at least 1, where k = max(1, floor(the interval
//    after which R falls to target)): the card is asked again k days before
//    the day, and a successful answer then (which only raises stability)
//    keeps R >= target until the day.
int64_t DeadlineInterval(const FsrsParams& w, Day today, Day day, double target, double stability,
                         int64_t interval);

// Pure. The deadline rule for a card already scheduled: answered last on
// `last_review_day`, due on `due`, with `stability`. When the rule would have
// cut its interval (DeadlineInterval from its last answer), the earlier due
// day, never before `today`; else nullopt.
std::optional<Day> PulledForwardDue(const FsrsParams& w, Day last_review_day, Day due, Day today, Day day,
                                    double target, double stability);

// Pure. The deadline rule of one interview (on `day`, wanting `target`)
// applied to the outcome of an answer on `today`: when the outcome leaves the
// card in the review queue, due on a later day, with a memory state, its
// interval becomes DeadlineInterval's (due day, interval, the review log's
// interval and the delay the buttons show). Other outcomes are left alone.
// The plan's simulation calls it after each simulated answer.
void ApplyDeadline(const FsrsParams& w, Day today, Day day, double target, AnswerOutcome* outcome);

// Whether `card` (its note tagged `tags`) is in `interview`'s scope.
bool InScope(const Store& store, const Interview& interview, const Card& card,
             const std::vector<std::string>& tags);

// The answer-path hook, after the scheduler: ApplyDeadline's cut for every
// interview to come whose scope holds the card; the shortest interval wins.
void ApplyInterviewDeadlines(const Store& store, const Card& card, const SchedulerContext& ctx,
                             AnswerOutcome* outcome);

}  // namespace recall::interview

#endif  // RECALL_INTERVIEW_DEADLINE_H_
