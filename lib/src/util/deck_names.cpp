// Names of deck enums as they appear in files and on the command line.

#include "recall/deck.h"

namespace recall {

const char* AlgorithmName(Algorithm a) {
  switch (a) {
    case Algorithm::kAnki:
      return "anki";
    case Algorithm::kSm2:
      return "sm2";
    case Algorithm::kFsrs:
      return "fsrs";
  }
  return "unknown";
}

std::optional<Algorithm> ParseAlgorithm(std::string_view name) {
  if (name == "anki") return Algorithm::kAnki;
  if (name == "sm2") return Algorithm::kSm2;
  if (name == "fsrs") return Algorithm::kFsrs;
  return std::nullopt;
}

}  // namespace recall
