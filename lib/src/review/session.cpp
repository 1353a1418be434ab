// The review session state machine: rebuilds the queue from the store before
// every card, so daily limits, undo and other processes' answers are always
// reflected, and commits every action before the next card shows.

#include <signal.h>
#include <unistd.h>

#include <cerrno>

#include <algorithm>
#include <set>

#include "interview/new_limits.h"
#include "recall/error.h"
#include "recall/session.h"

namespace recall {

bool ReviewSessionRunning(const UndoEntry& entry) {
  if (!entry.session_id || entry.session_ended || entry.session_pid <= 0) return false;
  return ::kill(static_cast<pid_t>(entry.session_pid), 0) == 0 || errno == EPERM;
}

const char* RatingLabel(Algorithm algorithm, int rating) {
  if (algorithm == Algorithm::kSm2) {
    static const char* const kSm2[] = {"Blackout", "Wrong", "Familiar", "Hard", "Good", "Perfect"};
    return rating >= 0 && rating <= 5 ? kSm2[rating] : "?";
  }
  static const char* const kAnki[] = {"Again", "Hard", "Good", "Easy"};
  return rating >= 1 && rating <= 4 ? kAnki[rating - 1] : "?";
}

std::map<int64_t, Day> DeckStudyDays(Store& store, const std::vector<SessionDeck>& decks) {
  // One rollover hour for the collection: every deck is on the same day.
  std::map<int64_t, Day> days;
  const Day today = store.Today().today;
  for (const SessionDeck& d : decks) days[d.id] = today;
  return days;
}

ReviewSession::ReviewSession(Store& store, SessionOptions options)
    : store_(store), options_(std::move(options)), started_(store.clock().Now()) {
  if (options_.deck_id) {
    const auto deck = store_.GetDeck(*options_.deck_id);
    if (!deck) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(*options_.deck_id) + ")");
  }
  // Cards buried on an earlier study day come back.
  store_.UnburyBefore(store_.Today().today);
  if (drill()) PickDrill(started_);
  session_id_ = store_.BeginReviewSession(::getpid());
}

ReviewSession::~ReviewSession() {
  try {
    store_.EndReviewSession(session_id_);
  } catch (const Error&) {
    // The session stays marked running; `recall undo` then checks its pid.
  }
}

void ReviewSession::SkipVanished(const Error& e) {
  state_ = SessionState::kDone;  // until Advance
  if (e.code() != ErrorCode::kNotFound) throw e;
  throw Error(ErrorCode::kConflict,
              "card " + std::to_string(current_->card.id) + " was deleted elsewhere; skipped");
}

SessionState ReviewSession::Advance() {
  const Timestamp now = store_.clock().Now();
  current_.reset();
  if (options_.card_limit >= 0 && answered_ >= options_.card_limit) {
    done_reason_ = DoneReason::kCardLimit;
    return state_ = SessionState::kDone;
  }
  if (options_.minutes >= 0 && now.ms - started_.ms >= options_.minutes * 60000) {
    done_reason_ = DoneReason::kTimeLimit;
    return state_ = SessionState::kDone;
  }
  if (drill()) {
    // An undone card is shown again first, as in a normal session.
    if (undone_card_) {
      DrillDone(*undone_card_);
      drill_left_.insert(drill_left_.begin(), *undone_card_);
    }
    undone_card_.reset();
    return AdvanceDrill(now);
  }
  auto decks = LoadSessionDecks(store_, options_.deck_id);
  interview::RaiseNewCardLimits(store_, &decks);
  const std::map<int64_t, Day> days = DeckStudyDays(store_, decks);
  deck_ids_.clear();
  for (const auto& d : decks) deck_ids_.push_back(d.id);
  QueueInput input;
  input.decks = ComputeAllowances(decks, LoadDeckUsage(store_, days));
  LoadQueueCandidates(store_, decks, days, now, options_.learn_ahead_seconds, &input, options_.tags);
  const auto queue = BuildQueue(input);
  counts_ = CountQueue(queue);
  // Like Anki, the learning count includes cards due within the learn-ahead
  // window even while other cards are shown first.
  if (queue.empty() || queue.front().source != QueueSource::kLearnAhead) {
    for (const auto& c : input.learning_ahead) counts_.learning += input.decks.count(c.deck_id) ? 1 : 0;
  }

  std::optional<int64_t> next;
  if (undone_card_) {
    // An undone card is shown again first, as in Anki.
    const auto card = store_.GetCard(*undone_card_);
    if (card && static_cast<int>(card->state.queue) >= 0) next = card->id;
    undone_card_.reset();
  }
  if (!next && !queue.empty()) next = queue.front().card.card_id;
  if (next) {
    current_ = store_.GetCardView(*next);
    const auto deck = current_ ? store_.GetDeck(current_->card.deck_id) : std::nullopt;
    if (!deck) {
      // Deleted by another process between the queue and now: look again.
      if (++vanished_in_a_row_ < 100) return Advance();
      throw Error(ErrorCode::kStore, "cards keep disappearing while the queue is built");
    }
    vanished_in_a_row_ = 0;
    current_deck_ = *deck;
    shown_at_ = now;
    return state_ = SessionState::kCard;
  }
  const DayTiming timing = store_.Today();
  const auto due = NextLearningDue(store_, deck_ids_);
  if (due && *due < timing.next_day_at) {
    next_due_ = *due;
    return state_ = SessionState::kWaiting;
  }
  done_reason_ = DoneReason::kEmpty;
  return state_ = SessionState::kDone;
}

std::vector<AnswerChoice> ReviewSession::Choices() const {
  // Scored as Answer() will score it (the same mode, the interview deadline
  // cut included); a cram answer leaves the card where it is: every button
  // the same.
  const AnswerMode mode = options_.cram ? AnswerMode::kCram
                          : options_.weakest >= 0 ? AnswerMode::kEarly
                                                  : AnswerMode::kNormal;
  const auto outcomes = PreviewAnswers(store_, current_deck_, current_->card, store_.clock().Now(), mode);
  const Algorithm algorithm = current_deck_.options.algorithm;
  std::vector<AnswerChoice> out;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const int rating = MinRating(algorithm) + static_cast<int>(i);
    out.push_back({rating, RatingLabel(algorithm, rating), FormatDelay(outcomes[i].delay)});
  }
  return out;
}

AnswerResult ReviewSession::Answer(int rating) {
  if (state_ != SessionState::kCard) throw Error(ErrorCode::kInternal, "no card to answer");
  const Timestamp now = store_.clock().Now();
  AnswerResult r;
  try {
    // Scored against the state that was shown, or refused (kConflict).
    const AnswerMode mode = options_.cram                 ? AnswerMode::kCram
                            : options_.weakest >= 0 ? AnswerMode::kEarly
                                                    : AnswerMode::kNormal;
    r = AnswerCard(store_, current_->card.id, rating, now, now.ms - shown_at_.ms, &current_->card.state, mode);
  } catch (const Error& e) {
    SkipVanished(e);
  }
  const bool again = current_deck_.options.algorithm == Algorithm::kSm2 ? rating < 3 : rating == 1;
  ++answered_;
  if (again) ++again_;
  actions_.push_back(again ? 2 : 1);
  // A cram answer learns no new card and is no review (the summary's retention).
  answers_.push_back({current_->card.id, again, !options_.cram && current_->card.state.type == CardType::kNew,
                      !options_.cram && current_->card.state.type == CardType::kReview});
  if (drill()) {
    drilled_.insert(current_->card.id);
    DrillDone(current_->card.id);
  }
  state_ = SessionState::kDone;  // until Advance
  return r;
}

void ReviewSession::Suspend() {
  if (state_ != SessionState::kCard) throw Error(ErrorCode::kInternal, "no card to suspend");
  try {
    store_.SuspendCard(current_->card.id, true);
  } catch (const Error& e) {
    SkipVanished(e);
  }
  if (drill()) DrillDone(current_->card.id);
  actions_.push_back(0);
  state_ = SessionState::kDone;
}

void ReviewSession::Bury() {
  if (state_ != SessionState::kCard) throw Error(ErrorCode::kInternal, "no card to bury");
  try {
    store_.BuryCard(current_->card.id, store_.Today().today);
  } catch (const Error& e) {
    SkipVanished(e);
  }
  if (drill()) DrillDone(current_->card.id);
  actions_.push_back(0);
  state_ = SessionState::kDone;
}

void ReviewSession::Edit(const Note& note) {
  if (state_ != SessionState::kCard) throw Error(ErrorCode::kInternal, "no card to edit");
  try {
    store_.UpdateNote(note, /*record_undo=*/true);
  } catch (const Error& e) {
    SkipVanished(e);
  }
  actions_.push_back(0);
  if (auto n = store_.GetNote(note.id)) current_->note = *n;
}

std::optional<UndoResult> ReviewSession::Undo() {
  // Only this session's own actions: another session's stay where they are.
  // Once those are spent, the newest action of the collection is adopted
  // when a review session that is over made it (undo after a restart or a
  // crash) on a card of this session's decks.
  auto entry = store_.LastUndo(session_id_);
  if (!entry) {
    entry = store_.LastUndo();
    if (!entry || !entry->session_id || ReviewSessionRunning(*entry)) return std::nullopt;
    const auto card = store_.GetCard(entry->card_id);
    if (deck_ids_.empty()) {
      for (const auto& d : LoadSessionDecks(store_, options_.deck_id)) deck_ids_.push_back(d.id);
    }
    if (!card || std::find(deck_ids_.begin(), deck_ids_.end(), card->deck_id) == deck_ids_.end()) {
      return std::nullopt;
    }
  }
  auto result = UndoAction(store_, *entry);
  if (!result) return result;
  if (!actions_.empty()) {
    const int action = actions_.back();
    actions_.pop_back();
    if (action >= 1 && answered_ > 0) --answered_;
    if (action == 2 && again_ > 0) --again_;
    if (action >= 1 && !answers_.empty()) answers_.pop_back();
  }
  undone_card_ = result->card_id;
  state_ = SessionState::kDone;
  return result;
}

SessionSummary ReviewSession::Summary() {
  SessionSummary s;
  s.answered = answered_;
  s.again = again_;
  std::set<int64_t> cards, learned;
  for (const auto& a : answers_) {
    cards.insert(a.card_id);
    if (a.was_new) learned.insert(a.card_id);
    if (a.was_review) {
      ++s.review_answers;
      if (!a.again) ++s.review_passed;
    }
  }
  s.cards = static_cast<int64_t>(cards.size());
  s.new_learned = static_cast<int64_t>(learned.size());
  s.duration_ms = std::max<int64_t>(0, store_.clock().Now().ms - started_.ms);
  if (deck_ids_.empty()) {
    for (const auto& d : LoadSessionDecks(store_, options_.deck_id)) deck_ids_.push_back(d.id);
  }
  const DayTiming timing = store_.Today();
  s.upcoming = LoadUpcoming(store_, deck_ids_, timing.next_day_at, timing.today + 1);
  return s;
}

}  // namespace recall
