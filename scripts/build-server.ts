/**
 * `node scripts/build-server.ts` (run by `npm run build`): the Node server's modules
 * (`server/*.ts`) as JavaScript in `build/node/` (under BUILD_DIR), which `npm start` runs. A
 * process started from a `.ts` file loads Node's TypeScript stripper (a WebAssembly module)
 * and keeps it: 14–18 MB resident for the store's whole life (docs/decisions/0655). Types are
 * erased (the type check allows erasable syntax only) and relative `.ts` imports become `.js`;
 * `npm run dev` still runs `server/main.ts` itself.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One server module as JavaScript: its types erased, its relative `.ts` imports as `.js`. */
export function serverModuleToJs(source: string, fileName: string): string {
  const { outputText, diagnostics } = ts.transpileModule(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2024,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
      rewriteRelativeImportExtensions: true,
    },
  });
  if (diagnostics?.length) {
    const first = ts.flattenDiagnosticMessageText(diagnostics[0].messageText, "\n");
    throw new Error(`${fileName}: ${first}`);
  }
  return outputText;
}

if (import.meta.main) {
  const source = "server";
  const out = path.join(process.env.BUILD_DIR ?? "build", "node");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const names = readdirSync(source).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"));
  for (const name of names) {
    const file = path.join(source, name);
    writeFileSync(
      path.join(out, name.replace(/\.ts$/, ".js")),
      serverModuleToJs(readFileSync(file, "utf8"), file),
    );
  }
  console.log(`server: ${names.length} modules in ${out}`);
}
