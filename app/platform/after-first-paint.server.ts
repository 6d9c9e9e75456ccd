/**
 * The page's JavaScript is fetched once the first screen is painted (docs/decisions/0387, 0390).
 * React Router puts a `modulepreload` link for each module file in the head and one inline
 * module script that imports the route modules and then the entry. Over HTTP/1.1 those seven
 * files (about 120 KB) took the connections and the bandwidth the stylesheet and the first
 * image needed, so the first paint waited for them. The pages work without JavaScript, so
 * nothing on screen needs the scripts sooner.
 *
 * This rewrite removes the preload links from the head and turns the module script's static
 * imports into dynamic ones after the first frame: the script adds the same preload links
 * (all files at once, no waterfall) and then imports in the same order. A hidden tab, where no
 * frame comes, loads at once; a frame that never comes is bounded by a timeout. Any document
 * that does not look as expected is left as it is, and the answer says why: the server logs
 * it, and the server tests fail naming it, so a React Router upgrade that changes its script
 * cannot quietly turn the rewrite off.
 */

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
// React Router writes the nonce first when there is one.
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";$/;
const SAFE_URL = /^\/[\w\-./]+\.js$/;

/** Milliseconds a visible tab waits for its first frame before loading anyway. */
export const FIRST_FRAME_TIMEOUT_MS = 3000;

/** The module script's body with its static imports made dynamic, or why it could not be. */
function deferredBody(body: string, preloads: string[]): { body: string } | { skipped: string } {
  const lines: string[] = [];
  let imports = 0;
  for (const line of body.split("\n")) {
    const trimmed = line.trim();
    const sideEffect = SIDE_EFFECT_IMPORT.exec(trimmed);
    const namespace = NAMESPACE_IMPORT.exec(trimmed);
    if (sideEffect) {
      if (!SAFE_URL.test(sideEffect[1]))
        return { skipped: `unexpected module URL ${sideEffect[1]}` };
      lines.push(`await import(${JSON.stringify(sideEffect[1])});`);
      imports++;
    } else if (namespace) {
      if (!SAFE_URL.test(namespace[2])) return { skipped: `unexpected module URL ${namespace[2]}` };
      lines.push(`const ${namespace[1]} = await import(${JSON.stringify(namespace[2])});`);
      imports++;
    } else if (/^import\s/.test(trimmed)) {
      // Another form of static import: not what React Router writes today.
      return { skipped: `unknown import form: ${trimmed.slice(0, 80)}` };
    } else {
      lines.push(line);
    }
  }
  if (imports === 0) return { skipped: "no static import in the module script" };
  const firstFrame =
    'if (document.visibilityState !== "hidden") await new Promise((go) => {' +
    `const t = setTimeout(go, ${FIRST_FRAME_TIMEOUT_MS});` +
    "requestAnimationFrame(() => setTimeout(() => { clearTimeout(t); go(); }));});";
  const preload =
    `for (const href of ${JSON.stringify(preloads)}) {` +
    'const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href;' +
    "document.head.append(link);}";
  return { body: [firstFrame, preload, ...lines].join("\n") };
}

/**
 * The document with its module files fetched after the first paint (see above), or the
 * document as it was and why it was left so.
 */
export function scriptsAfterFirstPaint(html: string): { html: string; skipped?: string } {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return { html, skipped: "no module script" };
  // React puts the links in the head: only it is read for them, not the whole document
  // (docs/decisions/0620).
  const found = html.indexOf("</head>");
  const headEnd = found < 0 || found > script.index ? script.index : found;
  const head = html.slice(0, headEnd);
  const preloads = [...head.matchAll(PRELOAD_LINK)].map((match) => match[1]);
  if (preloads.length === 0) return { html, skipped: "no modulepreload link" };
  const unsafe = preloads.find((href) => !SAFE_URL.test(href));
  if (unsafe) return { html, skipped: `unexpected module URL ${unsafe}` };
  const deferred = deferredBody(script[2], preloads);
  if ("skipped" in deferred) return { html, skipped: deferred.skipped };
  const start = script.index;
  const end = start + script[0].length;
  return {
    html:
      head.replace(PRELOAD_LINK, "") +
      html.slice(headEnd, start) +
      script[1] +
      deferred.body +
      script[3] +
      html.slice(end),
  };
}
