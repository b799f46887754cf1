// Where a server's CPU went, from the .cpuprofile files `--profile=DIR` leaves (hot-path.mjs, working-day.mjs):
// self time by package or app folder, and the heaviest functions.
//   node bench/profile-summary.mjs DIR [--top=30] [--last=SECONDS]
// --last counts only the samples of the profile's final seconds: the load, without the start-up's module loading.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string' }, last: { type: 'string' } },
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir) throw new Error('usage: node bench/profile-summary.mjs DIR [--top=30]');
const top = Number(values.top ?? 30);
const lastMicros = values.last ? Number(values.last) * 1e6 : Infinity;

/** A frame's owner: the npm package, the app's source folder, node's internals, or the engine. */
function owner(url) {
  if (!url) return '(engine: gc, idle, program)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const app = url.match(/apps\/server\/(?:src|dist)\/(.*)/);
  if (app) return `server:${app[1].split('/').slice(0, 2).join('/')}`;
  return url.split('/').slice(-2).join('/');
}

const byOwner = new Map();
const byFunction = new Map();
let total = 0;
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas;
  const from = profile.endTime - lastMicros;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += deltas[i] ?? 0;
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)' || at < from) return;
    const micros = deltas[i] ?? 0;
    total += micros;
    const who = owner(frame.url);
    byOwner.set(who, (byOwner.get(who) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${who}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
}
const share = (micros) => `${((100 * micros) / Math.max(1, total)).toFixed(1).padStart(5)} %`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${share(micros)}  ${name}`);
};
console.log(`busy CPU sampled: ${(total / 1e6).toFixed(2)} s`);
print('self time by owner', byOwner);
print('self time by function', byFunction);
