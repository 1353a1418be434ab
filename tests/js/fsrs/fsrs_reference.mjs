// Replays review sequences with the npm package ts-fsrs (an independent
// FSRS-6 implementation) and prints what it computes, as JSON.
// Usage: node fsrs_reference.mjs INPUT.json DIR_WITH_NODE_MODULES
// Input: {"w": [21 numbers], "retention": 0.9, "max_interval": 36500,
//         "cards": [[{"rating": 3, "elapsed": 0}, ...], ...]}
// Output: {"cards": [[step, ...], ...]} where each step is the state before
// the answer's four possible next states and intervals (fuzz off), and the
// state after the answer given:
//   {"next": [{"s": S, "d": D, "ivl": days} x4 (Again..Easy)], "s": S, "d": D}
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [input, modulesDir] = process.argv.slice(2);
const entry = pathToFileURL(`${modulesDir}/node_modules/ts-fsrs/dist/index.mjs`).href;
const { fsrs, generatorParameters } = await import(entry);

const job = JSON.parse(readFileSync(input, 'utf8'));
const f = fsrs(
  generatorParameters({
    w: job.w,
    request_retention: job.retention,
    maximum_interval: job.max_interval,
    enable_fuzz: false,
    enable_short_term: true,
  }),
);

const cards = job.cards.map((reviews) => {
  let state = null;
  return reviews.map(({ rating, elapsed }) => {
    const next = [1, 2, 3, 4].map((g) => {
      const m = f.next_state(state, state ? elapsed : 0, g);
      return { s: m.stability, d: m.difficulty, ivl: f.next_interval(m.stability, elapsed) };
    });
    state = f.next_state(state, state ? elapsed : 0, rating);
    return { next, s: state.stability, d: state.difficulty };
  });
});
process.stdout.write(JSON.stringify({ cards }) + '\n');
