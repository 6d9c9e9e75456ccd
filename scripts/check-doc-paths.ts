/**
 * Fails when the README, docs/ or a comment in the code cite a file of the project that does not
 * exist, so a move or a rename cannot leave the docs or the code pointing at nothing (run by
 * `npm run lint`).
 *
 * A citation is a path that starts at a top folder of the project (`app/cart/cart.ts`,
 * `tests/e2e/`). Not citations: URL paths (`/sandbox/correos`), patterns (`app/**`,
 * `{slug}.svg`) and anything inside a URL. A decision may be cited by its number alone
 * (`docs/decisions/0384`).
 *
 * The index of decisions (`docs/decisions/README.md`) must list every record, and only records
 * that exist.
 *
 * A requirement is cited by what the repository holds (docs/decisions/0552), never by a section
 * of a specification it does not hold: outside the decision records, whose contexts
 * keep their history, a section sign before a number fails too.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const TOP_FOLDERS = [
  "app",
  "server",
  "tests",
  "sandbox",
  "scripts",
  "bench",
  "docs",
  "public",
  ".ci",
];
/** The folders of code whose comments are checked, and the code files at the top. */
const CODE_FOLDERS = ["app", "server", "sandbox", "scripts", "bench", "tests"];
const CODE_FILE = /\.(ts|tsx|js|cjs|mjs)$/;
const CITATION = new RegExp(
  String.raw`(?<![\w/.:~@-])((?:${TOP_FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/[\w./$-]*)`,
  "g",
);
const DECISIONS = "docs/decisions";

/** The files below `dir` whose names match `pattern`. */
function filesBelow(dir: string, pattern: RegExp, files: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) {
        filesBelow(path, pattern, files);
      }
    } else if (pattern.test(entry.name)) files.push(path);
  }
  return files;
}

function markdownFiles(): string[] {
  const files = ["README.md", "sandbox/README.md"].filter((file) => existsSync(file));
  return filesBelow("docs", /\.md$/, files);
}

function codeFiles(): string[] {
  const top = readdirSync(".").filter((name) => CODE_FILE.test(name));
  return CODE_FOLDERS.filter((dir) => existsSync(dir)).reduce(
    (files, dir) => filesBelow(dir, CODE_FILE, files),
    top,
  );
}

/**
 * The comments of a source file, each line where it is, blank elsewhere: what `citations` reads
 * in code (strings, regular expressions and code itself are not citations). Exported for tests.
 */
export function commentsOf(source: string, jsx = false): string {
  const file = ts.createSourceFile(
    jsx ? "file.tsx" : "file.ts",
    source,
    ts.ScriptTarget.Latest,
    false,
    jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const kept = source.replace(/[^\n]/g, " ").split("");
  // Every comment is trivia around some token: each token's leading and trailing ones, once.
  const seen = new Set<number>();
  const visit = (node: ts.Node) => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(source, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(source, node.end) ?? []),
    ];
    for (const range of ranges) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      for (let at = range.pos; at < range.end; at++) kept[at] = source[at];
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return kept.join("");
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
      if (next === "*" || next === "{" || next === "<") continue;
      const path = match[1].replace(/[.]+$/, "");
      found.push({ path, line: index + 1 });
    }
  });
  return found;
}

/** The lines of a text that cite a section of a document (§ and a number). Exported for tests. */
export function sectionCitations(text: string): number[] {
  return text.split("\n").flatMap((line, index) => (/§\s*\d/.test(line) ? [index + 1] : []));
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
  const texts = [
    ...markdownFiles().map((file) => ({ file, text: readFileSync(file, "utf8") })),
    ...codeFiles().map((file) => {
      const source = readFileSync(file, "utf8");
      // Parsed only when something in it names a missing path or a section: a string may.
      const suspect = source.includes("§") || citations(source).some(({ path }) => !cited(path));
      return { file, text: suspect ? commentsOf(source, file.endsWith("x")) : "" };
    }),
  ];
  for (const { file, text } of texts) {
    for (const { path, line } of citations(text)) {
      if (!cited(path)) problems.push(`${file}:${line}: ${path} does not exist`);
    }
    if (file.startsWith(`${DECISIONS}/`)) continue;
    for (const line of sectionCitations(text)) {
      problems.push(`${file}:${line}: cites a section the repository does not hold`);
    }
  }
  if (problems.length > 0) {
    console.error(`The docs or comments cite what does not exist:\n${problems.join("\n")}`);
    process.exit(1);
  }
}

if (import.meta.main) main();
