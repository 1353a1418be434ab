#ifndef RECALL_APP_INTERVIEW_ARGS_H_
#define RECALL_APP_INTERVIEW_ARGS_H_

// What the `recall interview` subcommands share: finding an interview by
// name, its study day today, and how its date and scope read.

#include <string>

#include "context.h"
#include "recall/interview.h"

namespace recall::app {

// The interview named `name`; with an empty name, the next one to come (the
// most recent past one when all have passed). Throws kNotFound.
Interview ResolveInterview(Store& store, const std::string& name);

// "today", "tomorrow", "in 19 days", "passed 3 days ago".
std::string DaysLeftText(Day today, Day day);

// "deck 面试, tag llm"; "whole collection" for an empty scope.
std::string ScopeText(const Interview& interview);

}  // namespace recall::app

#endif  // RECALL_APP_INTERVIEW_ARGS_H_
