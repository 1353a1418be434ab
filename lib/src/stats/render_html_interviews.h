#ifndef RECALL_STATS_RENDER_HTML_INTERVIEWS_H_
#define RECALL_STATS_RENDER_HTML_INTERVIEWS_H_

#include <string>
#include <vector>

#include "recall/readiness.h"

namespace recall {

// The HTML report's "Interview readiness" sections, one per interview:
// overall and per-topic predicted recall on the day with bars, and the cards
// most at risk. Empty without interviews.
std::string RenderInterviewsHtml(const std::vector<InterviewReadiness>& interviews);

}  // namespace recall

#endif  // RECALL_STATS_RENDER_HTML_INTERVIEWS_H_
