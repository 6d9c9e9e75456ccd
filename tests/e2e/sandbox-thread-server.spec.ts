/**
 * The embedded sandbox's catalogue answers from a thread that runs the build's sandbox chunk
 * (docs/decisions/0685). That chunk and the chunks it imports hold the sandbox and packages only:
 * a module the store shares with it, bundled into the store's own `index.js`, would make every
 * store load all of its modules a second time on that thread. Runs once (project "server").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

const ASSETS = path.join(process.env.BUILD_DIR ?? "build", "server", "assets");
/** A static import of the bundle's output, one a line: what it names. */
const IMPORT = /^import\b[^"'\n]*["']([^"']+)["'];?$/gm;
/** A dynamic import's address, where it is a string. */
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

test("the catalogue's thread loads the sandbox's chunks and packages, no module of the store", () => {
  const read = (name: string) => readFileSync(path.join(ASSETS, name), "utf8");
  const entry = readdirSync(ASSETS).find(
    (name) => name.endsWith(".js") && read(name).includes('"sandbox-catalogue"'),
  );
  expect(entry, "the chunk that starts and runs the catalogue's thread").toBeDefined();
  const loaded = new Set<string>();
  const addresses = new Set<string>();
  const next = [entry!];
  while (next.length > 0) {
    const name = next.pop()!;
    if (loaded.has(name)) continue;
    loaded.add(name);
    const code = read(name);
    for (const [, address] of [...code.matchAll(IMPORT), ...code.matchAll(DYNAMIC_IMPORT)]) {
      addresses.add(address);
      if (!address.startsWith(".")) continue; // a package or one of Node's modules
      const chunk = path.relative(ASSETS, path.resolve(ASSETS, address));
      expect(chunk, `${name} imports ${address}`).toMatch(/^[\w-]+\.js$/);
      next.push(chunk);
    }
  }
  // The imports were read: the thread's own module is among them.
  expect([...addresses]).toContain("node:worker_threads");
});
