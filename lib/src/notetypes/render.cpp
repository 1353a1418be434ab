// Rendering a card from its note type's templates (skeleton: filled in next).

#include "recall/notetype.h"

namespace recall {

std::vector<int> CardOrdinals(const Notetype& type, const std::vector<std::string>& fields) {
  (void)type;
  (void)fields;
  return {};
}

RenderedCard RenderCard(const Notetype& type, const std::vector<std::string>& fields, int ord) {
  (void)type;
  (void)fields;
  (void)ord;
  return {};
}

std::vector<TypeDiffSegment> CompareTypedAnswer(std::string_view typed, std::string_view expected) {
  (void)typed;
  (void)expected;
  return {};
}

}  // namespace recall
