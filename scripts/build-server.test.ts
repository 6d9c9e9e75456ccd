import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverModuleToJs } from "./build-server.ts";

describe("serverModuleToJs", () => {
  it("erases types and type-only imports, and imports the .js of a relative .ts module", () => {
    const js = serverModuleToJs(
      [
        'import type { ServerHost } from "../app/entry.server.tsx";',
        'import { answer } from "./answer.ts";',
        'import express from "express";',
        "export const status: number = answer(200 as number);",
        'const later = await import("./later.ts");',
      ].join("\n"),
      "server/example.ts",
    );
    expect(js).not.toContain("ServerHost");
    expect(js).toContain('import { answer } from "./answer.js";');
    expect(js).toContain('import express from "express";');
    expect(js).toContain("export const status = answer(200);");
    expect(js).toContain('await import("./later.js")');
  });

  it("refuses a module that does not parse, naming it", () => {
    expect(() => serverModuleToJs("export const x = ;", "server/broken.ts")).toThrow(
      /^server\/broken\.ts: Expression expected/,
    );
  });

  it("leaves no .ts import in any server module", () => {
    const dir = path.join(import.meta.dirname, "../server");
    const modules = readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"));
    expect(modules).toContain("main.ts");
    for (const name of modules) {
      const js = serverModuleToJs(readFileSync(path.join(dir, name), "utf8"), name);
      expect(js, name).not.toMatch(/\.tsx?["']/);
    }
  });
});
