#ifndef RECALL_MOCK_H_
#define RECALL_MOCK_H_

// Question picking for `recall mock` (docs/review.md, "Mock interview"): pure
// and seeded, so a mock is the same under the same seed and collection.

#include <cstdint>
#include <string>
#include <vector>

namespace recall {

struct MockCandidate {
  int64_t card_id = 0;
  std::string topic;  // the note's first tag, else its deck's name
  double recall = 0;  // predicted recall now; 0 for a new card
};

// Up to `count` questions, no card twice, never two of one topic in a row.
// Each question: a topic other than the last one's, drawn with probability
// proportional to its weakness (1 - mean recall of its cards not yet asked,
// plus 0.1 so that strong topics still come up), then a card of that topic
// with probability proportional to (1 - recall + 0.1). Stops early when only
// the last question's topic has cards left. Draws use a 64-bit Mersenne
// Twister seeded with `seed`, mapped to [0, 1) by its top 53 bits.
std::vector<int64_t> PickMockQuestions(const std::vector<MockCandidate>& candidates, size_t count,
                                       uint64_t seed);

}  // namespace recall

#endif  // RECALL_MOCK_H_
