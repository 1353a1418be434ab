// Side-by-side with fsrs-rs (docs/performance.md, "FSRS optimiser"): fits the
// parameters of a seq2seq.tsv history with the npm package
// @open-spaced-repetition/binding (fsrs-rs), times it, and scores fsrs-rs's
// parameters and the ones given on the command line (recall's, from
// recall_bench's label) with fsrs-rs's own evaluation on the same items.
//   npm install --prefix DIR @open-spaced-repetition/binding
//   NODE_PATH=DIR/node_modules node tests/bench/fsrs_rs_compare.mjs FILE.tsv [w0,...,w20]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } =
    require('@open-spaced-repetition/binding');

const [file, recallParams] = process.argv.slice(2);
const items = [];
for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
  const [t, r, d, y] = line.split('\t').map((f) => f.split(',').map(Number));
  const reviews = t.map((dt, i) => [r[i], dt]);
  reviews.push([y[y.length - 1] ? 3 : 1, d[d.length - 1]]);
  // One item per prediction, as Anki builds them: the card's answers up to
  // and including one given a day or more after the previous (same-day
  // answers stay in the histories but predict nothing).
  for (let k = 2; k <= reviews.length; ++k) {
    if (reviews[k - 1][1] === 0) continue;
    items.push(new FSRSBindingItem(reviews.slice(0, k).map(([rating, dt]) => new FSRSBindingReview(rating, dt))));
  }
}
const start = process.hrtime.bigint();
const fitted = await computeParameters(items, { enableShortTerm: true });
const ms = Number(process.hrtime.bigint() - start) / 1e6;
const show = (name, w) => {
  const e = new FSRSBinding(w).evaluate(items);
  console.log(`${name}: log loss ${e.logLoss.toFixed(4)}, RMSE (bins) ${e.rmseBins.toFixed(4)}`);
};
console.log(`items ${items.length}, fsrs-rs computeParameters ${ms.toFixed(0)} ms`);
show('fsrs-rs', fitted);
if (recallParams) show('recall', recallParams.split(',').map(Number));
show('default', undefined);
