import { describe, expect, it } from "vitest";
import { FIRST_FRAME_TIMEOUT_MS, scriptsAfterFirstPaint } from "./after-first-paint.server";

const NONCE = "abc123==";

/** The head and the end of a document as React Router 8 writes them. */
function document(nonce = true) {
  const n = nonce ? ` nonce="${NONCE}"` : "";
  return (
    `<!DOCTYPE html><html><head><link rel="preload" as="image" href="/logo.svg"/>` +
    `<link rel="modulepreload" href="/assets/manifest-1.js"${n}/>` +
    `<link rel="modulepreload" href="/assets/entry.client-2.js"${n}/>` +
    `<link rel="modulepreload" href="/assets/root-3.js"${n}/>` +
    `<link rel="modulepreload" href="/assets/home-4.js"${n}/>` +
    `<link rel="stylesheet" href="/assets/shop-5.css"/></head><body><main>Hola</main>` +
    `<script${n}>window.__reactRouterContext = {};</script>` +
    `<script${n} type="module" async="">import "/assets/manifest-1.js";\n` +
    `import * as route0 from "/assets/root-3.js";\n` +
    `import * as route1 from "/assets/home-4.js";\n  \n` +
    `  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n` +
    `import("/assets/entry.client-2.js");</script></body></html>`
  );
}

const moduleBody = (html: string) =>
  /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

/**
 * Runs a rewritten module body with a fake page: the frame, the head and `import()` are
 * recorded instead of done.
 */
async function run(body: string, visibility: "visible" | "hidden") {
  const events: string[] = [];
  const appended: string[] = [];
  const fakeDocument = {
    visibilityState: visibility,
    createElement: () => ({ rel: "", href: "" }),
    head: {
      append: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`),
    },
  };
  const fakeWindow: Record<string, unknown> = {};
  const requestAnimationFrame = (callback: () => void) => {
    events.push("frame");
    setTimeout(callback, 0);
  };
  const load = (url: string) => {
    events.push(`import ${url}`);
    return Promise.resolve({ url });
  };
  // The body is module code without static imports; an async function runs it the same way.
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const fn = new AsyncFunction(
    "document",
    "window",
    "requestAnimationFrame",
    "__load",
    body.replaceAll("import(", "__load("),
  );
  await fn(fakeDocument, fakeWindow, requestAnimationFrame, load);
  return { events, appended, window: fakeWindow };
}

describe("scriptsAfterFirstPaint", () => {
  it("moves the module preloads out of the head and keeps everything else", () => {
    for (const nonce of [true, false]) {
      const { html, skipped } = scriptsAfterFirstPaint(document(nonce));
      expect(skipped).toBeUndefined();
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
      expect(html).toContain('<link rel="stylesheet" href="/assets/shop-5.css"/>');
      expect(html).toContain("<main>Hola</main>");
      expect(html).toContain(`<script${nonce ? ` nonce="${NONCE}"` : ""} type="module" async="">`);
      expect(moduleBody(html)).not.toMatch(/^import\s/m);
    }
  });

  it("waits for the first frame, then preloads every file and imports in order", async () => {
    const { events, appended, window } = await run(
      moduleBody(scriptsAfterFirstPaint(document()).html),
      "visible",
    );
    expect(events).toEqual([
      "frame",
      "import /assets/manifest-1.js",
      "import /assets/root-3.js",
      "import /assets/home-4.js",
      "import /assets/entry.client-2.js",
    ]);
    expect(appended).toEqual([
      "modulepreload /assets/manifest-1.js",
      "modulepreload /assets/entry.client-2.js",
      "modulepreload /assets/root-3.js",
      "modulepreload /assets/home-4.js",
    ]);
    // The route modules are in place before the entry runs, as with the static imports.
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-3.js" },
      "routes/home": { url: "/assets/home-4.js" },
    });
  });

  it("loads at once in a hidden tab, where no frame comes", async () => {
    const { events } = await run(moduleBody(scriptsAfterFirstPaint(document()).html), "hidden");
    expect(events[0]).toBe("import /assets/manifest-1.js");
    expect(events).not.toContain("frame");
  });

  it("bounds the wait for a frame", () => {
    expect(moduleBody(scriptsAfterFirstPaint(document()).html)).toContain(
      `setTimeout(go, ${FIRST_FRAME_TIMEOUT_MS})`,
    );
  });

  it("leaves a document it does not recognise as it is", () => {
    const named = document().replace(
      'import * as route1 from "/assets/home-4.js";',
      'import { x as route1 } from "/assets/home-4.js";',
    );
    expect(scriptsAfterFirstPaint(named)).toEqual({
      html: named,
      skipped: 'unknown import form: import { x as route1 } from "/assets/home-4.js";',
    });
    const odd = document().replace('"/assets/root-3.js"', '"/assets/root-3.js\\");alert(1);//"');
    expect(scriptsAfterFirstPaint(odd)).toEqual({
      html: odd,
      skipped: "unexpected module URL /assets/root-3.js\\",
    });
    const noScript = "<!DOCTYPE html><html><body><p>Error</p></body></html>";
    expect(scriptsAfterFirstPaint(noScript)).toEqual({
      html: noScript,
      skipped: "no module script",
    });
    const noPreload = document().replaceAll(/<link rel="modulepreload"[^>]*>/g, "");
    expect(scriptsAfterFirstPaint(noPreload)).toEqual({
      html: noPreload,
      skipped: "no modulepreload link",
    });
    // Only the head is read for the links (React puts them there): in the body they are not
    // taken for preloads, and the document says it found none.
    const links = /(<link rel="modulepreload"[^>]*>)+/.exec(document())![0];
    const inBody = noPreload.replace("<main>", `${links}<main>`);
    expect(scriptsAfterFirstPaint(inBody)).toEqual({
      html: inBody,
      skipped: "no modulepreload link",
    });
  });
});
