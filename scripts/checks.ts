/**
 * The static checks of `npm run lint` (and, with `--typecheck`, those of `npm run typecheck`;
 * with `--unit`, the unit tests of `npm run test:unit`), run side by side, as many at a time as
 * the machine has cores. The unit tests (one Vitest worker) and ESLint's type-aware run take
 * most of the time, each on a core; the other checks follow ESLint (decision 0590).
 * Each check's output is printed whole when it ends, and the command fails if any check failed.
 */
import { spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { delimiter, resolve } from "node:path";
import { performance } from "node:perf_hooks";

type Check = { name: string; command: string; args: string[] };

const check = (name: string, command: string, ...args: string[]): Check => ({
  name,
  command,
  args,
});

// Longest first, so the longest starts at once and the short ones fill the other cores.
const lint: Check[] = [
  check("eslint", "eslint", ".", "--max-warnings=0"),
  check("prettier", "prettier", "--check", "--cache", "--cache-strategy", "content", "."),
  check("knip", "knip"),
  check(
    "depcruise (layers)",
    "depcruise",
    "app",
    "server",
    "sandbox",
    "bench",
    "--config",
    ".dependency-cruiser.cjs",
  ),
  check("depcruise (parts)", "depcruise", "app", "--config", ".dependency-cruiser-parts.mjs"),
  check("check-doc-paths", "node", "scripts/check-doc-paths.ts"),
  check("check-lock", "node", "scripts/check-lock.ts"),
];
const unit = check("unit tests", "vitest", "run");
const typecheck = check(
  "typecheck",
  "tsc",
  "--incremental",
  "--tsBuildInfoFile",
  "node_modules/.cache/typecheck.tsbuildinfo",
);

const env = {
  ...process.env,
  PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter),
};

type Outcome = { check: Check; code: number | null; seconds: number };

function run(item: Check): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(item.command, item.args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    const finish = (code: number | null, text = "") => {
      const seconds = (performance.now() - started) / 1000;
      const status = code === 0 ? "ok" : `failed (${code ?? "killed"})`;
      process.stdout.write(`── ${item.name}: ${status}, ${seconds.toFixed(1)} s\n`);
      const body = Buffer.concat(output).toString() + text;
      if (body.trim()) process.stdout.write(body.endsWith("\n") ? body : `${body}\n`);
      done({ check: item, code, seconds });
    };
    child.on("error", (error) => finish(null, `${error.message}\n`));
    child.on("close", (code) => finish(code));
  });
}

/** Runs the checks `lanes` at a time, each next one as soon as a lane is free. */
async function runAll(queue: Check[], lanes: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const next = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) outcomes.push(await run(item));
  };
  await Promise.all(Array.from({ length: lanes }, next));
  return outcomes;
}

// Route types first: ESLint, tsc and knip read them.
const typegen = spawnSync("react-router", ["typegen"], { env, stdio: "inherit" });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

const asked = (flag: string, item: Check) => (process.argv.includes(flag) ? [item] : []);
const queue = [
  ...asked("--unit", unit),
  lint[0],
  ...asked("--typecheck", typecheck),
  ...lint.slice(1),
];
const outcomes = await runAll(queue, Math.max(1, availableParallelism()));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((outcome) => outcome.check.name).join(", ")}`);
  process.exit(1);
}
