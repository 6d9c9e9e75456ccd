/**
 * `node bench/cpuprofile-top.ts FILE.cpuprofile [--top N] [--gap-ms MS] [--from K] [--to K]`: the
 * functions a V8 CPU profile (`node --cpu-prof`) spent its time in, by self time and by total
 * time (a function counted once per sample however deep its recursion), keyed by function,
 * file and line. Idle gaps of at least `--gap-ms` (default 2000) split the profile into
 * segments; `--from K` and `--to K` keep segments K to K (0-based, inclusive), so start-up work can be left
 * out by pausing before the measured requests.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a));
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
if (!file) {
  console.error(
    "usage: node bench/cpuprofile-top.ts FILE.cpuprofile [--top N] [--gap-ms MS] [--from K] [--to K]",
  );
  process.exit(2);
}
const top = option("top", 15);
const gapUs = option("gap-ms", 2000) * 1000;
const from = option("from", 0);
const to = option("to", Infinity);

const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);
const keyOf = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${path.basename(url.replace(/^file:\/\//, ""))}:${lineNumber + 1}` : "";
  return `${functionName || "(anonymous)"} ${where}`.trim();
};

// Each sample's duration is the delta that follows it (the last one gets the previous delta).
const durations = profile.timeDeltas.map((_, i) =>
  i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : profile.timeDeltas[i],
);

// Segments: runs of samples separated by at least gapUs of "(idle)".
const segmentOf: number[] = [];
let segment = 0;
let idleRun = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const name = byId.get(profile.samples[i])!.callFrame.functionName;
  if (name === "(idle)") {
    idleRun += durations[i];
  } else {
    if (idleRun >= gapUs && i > 0) segment++;
    idleRun = 0;
  }
  segmentOf.push(segment);
}

const self = new Map<string, number>();
const total = new Map<string, number>();
const busyBySegment = new Map<number, number>();
let busy = 0;
let gc = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i])!;
  const name = node.callFrame.functionName;
  if (name !== "(idle)") {
    busyBySegment.set(segmentOf[i], (busyBySegment.get(segmentOf[i]) ?? 0) + durations[i]);
  }
  if (segmentOf[i] < from || segmentOf[i] > to || name === "(idle)") continue;
  const us = durations[i];
  busy += us;
  if (name === "(garbage collector)") gc += us;
  const key = keyOf(node);
  self.set(key, (self.get(key) ?? 0) + us);
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === "(root)") break;
    const k = keyOf(n);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + us);
  }
}

const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
console.log(
  `segments (busy ms): ${[...busyBySegment].map(([s, us]) => `${s}:${(us / 1000).toFixed(0)}`).join(" ")}`,
);
console.log(
  `busy in segments ${from}..${to}: ${(busy / 1000).toFixed(0)} ms (GC ${ms(gc).trim()} ms)`,
);
const print = (title: string, map: Map<string, number>, skipIdle: boolean) => {
  console.log(`\n${title}\n    ms   share  function`);
  [...map]
    .filter(([k]) => !(skipIdle && IDLE.has(k.split(" ")[0])))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, us]) => console.log(`${ms(us)} ${share(us)}  ${k}`));
};
print("by self time", self, false);
print("by total time", total, true);
