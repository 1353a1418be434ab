// Names of deck enums as they appear in files and on the command line.

#include "recall/deck.h"

namespace recall {

const char* AlgorithmName(Algorithm a) {
  switch (a) {
    case Algorithm::kAnki:
      return "anki";
    case Algorithm::kSm2:
      return "sm2";
  }
  return "unknown";
}

}  // namespace recall
