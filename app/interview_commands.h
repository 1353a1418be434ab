#ifndef RECALL_APP_INTERVIEW_COMMANDS_H_
#define RECALL_APP_INTERVIEW_COMMANDS_H_

// `recall interview status` and `recall interview plan`
// (cmd_interview_report.cpp), added to the `interview` command, and the
// status bare `recall` prints.

#include <CLI/CLI.hpp>

#include "context.h"

namespace recall::app {

void AddInterviewReportCommands(CLI::App* interview, Context& ctx);

// Bare `recall`: today's status (cmd_today.cpp).
void RunTodayStatus(Context& ctx);

}  // namespace recall::app

#endif  // RECALL_APP_INTERVIEW_COMMANDS_H_
