/**
 * `npm ci` refuses a lock file that lacks an entry for any optional dependency, even one for
 * another platform; the registry this project installs from may not list those, so `npm install`
 * can leave them out. This check fails the lint before CI's `npm ci` does.
 */
import { readFileSync } from "node:fs";

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, LockEntry>;
};

/** The lock entry `name` resolves to from the package at `from` (Node's lookup upwards). */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (`${base ? `${base}/` : ""}node_modules/${name}` in lock.packages) return true;
    if (base === "") return false;
    const at = base.lastIndexOf("/node_modules/");
    base = at < 0 ? "" : base.slice(0, at);
  }
}

const missing = Object.entries(lock.packages).flatMap(([from, entry]) =>
  Object.keys(entry.optionalDependencies ?? {})
    .filter((name) => !resolves(from, name))
    .map((name) => `${from || "(root)"} → ${name}`),
);
if (missing.length > 0) {
  console.error(
    `package-lock.json lacks optional dependencies npm ci requires:\n${missing.join("\n")}`,
  );
  process.exit(1);
}
