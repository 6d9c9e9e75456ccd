/**
 * Fails when the README or docs/ cite a file of the project that does not exist, so a move or a
 * rename cannot leave the docs pointing at nothing (run by `npm run lint`).
 *
 * A citation is a path that starts at a top folder of the project (`app/cart/cart.ts`,
 * `tests/e2e/`). Not citations: URL paths (`/sandbox/correos`), patterns (`app/**`,
 * `{slug}.svg`) and anything inside a URL. A decision may be cited by its number alone
 * (`docs/decisions/0384`).
 *
 * The index of decisions (`docs/decisions/README.md`) must list every record, and only records
 * that exist.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const TOP_FOLDERS = ["app", "tests", "sandbox", "scripts", "bench", "docs", "public", ".ci"];
const CITATION = new RegExp(
  String.raw`(?<![\w/.:~@-])((?:${TOP_FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/[\w./$-]*)`,
  "g",
);
const DECISIONS = "docs/decisions";

function markdownFiles(): string[] {
  const files = ["README.md", "sandbox/README.md"].filter((file) => existsSync(file));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  return files;
}

/** Whether a cited path names something that exists. Exported for tests. */
export function cited(path: string, exists: (path: string) => boolean = existsSync): boolean {
  if (exists(path)) return true;
  // docs/decisions/0384 names the record 0384-….md.
  const decision = new RegExp(`^${DECISIONS}/(\\d{4})$`).exec(path);
  return decision !== null && readdirSync(DECISIONS).some((f) => f.startsWith(decision[1]));
}

/** The paths a Markdown text cites, with their line numbers. Exported for tests. */
export function citations(text: string): Array<{ path: string; line: number }> {
  const found: Array<{ path: string; line: number }> = [];
  text.split("\n").forEach((line, index) => {
    // Whatever sits inside a URL is a path of that site, not of the project.
    const bare = line.replace(/\bhttps?:\/\/\S+/g, "");
    for (const match of bare.matchAll(CITATION)) {
      const next = bare[match.index + match[0].length] ?? "";
      if (next === "*" || next === "{") continue;
      const path = match[1].replace(/[.]+$/, "");
      found.push({ path, line: index + 1 });
    }
  });
  return found;
}

/** What the index of decisions gets wrong: records left out, links to none. Exported for tests. */
export function indexProblems(index: string, records: string[]): string[] {
  const linked = new Set([...index.matchAll(/\]\((\d{4}-[\w-]+\.md)\)/g)].map((m) => m[1]));
  return [
    ...records.filter((r) => !linked.has(r)).map((r) => `${r} is not in the index`),
    ...[...linked]
      .filter((l) => !records.includes(l))
      .map((l) => `the index links ${l}, which does not exist`),
  ];
}

function main() {
  const records = readdirSync(DECISIONS).filter((f) => /^\d{4}-.*\.md$/.test(f));
  const problems = indexProblems(readFileSync(`${DECISIONS}/README.md`, "utf8"), records).map(
    (problem) => `${DECISIONS}/README.md: ${problem}`,
  );
  for (const file of markdownFiles()) {
    for (const { path, line } of citations(readFileSync(file, "utf8"))) {
      if (!cited(path)) problems.push(`${file}:${line}: ${path} does not exist`);
    }
  }
  if (problems.length > 0) {
    console.error(`The docs cite what does not exist:\n${problems.join("\n")}`);
    process.exit(1);
  }
}

if (import.meta.main) main();
