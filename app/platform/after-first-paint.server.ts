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
 * that does not look as expected is left as it is.
 */

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
// React Router writes the nonce first when there is one.
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";$/;
const SAFE_URL = /^\/[\w\-./]+\.js$/;

/** Milliseconds a visible tab waits for its first frame before loading anyway. */
export const FIRST_FRAME_TIMEOUT_MS = 3000;

/** The module script's body with its static imports made dynamic, or null if unexpected. */
function deferredBody(body: string, preloads: string[]): string | null {
  const lines: string[] = [];
  let imports = 0;
  for (const line of body.split("\n")) {
    const trimmed = line.trim();
    const sideEffect = SIDE_EFFECT_IMPORT.exec(trimmed);
    const namespace = NAMESPACE_IMPORT.exec(trimmed);
    if (sideEffect) {
      if (!SAFE_URL.test(sideEffect[1])) return null;
      lines.push(`await import(${JSON.stringify(sideEffect[1])});`);
      imports++;
    } else if (namespace) {
      if (!SAFE_URL.test(namespace[2])) return null;
      lines.push(`const ${namespace[1]} = await import(${JSON.stringify(namespace[2])});`);
      imports++;
    } else if (/^import\s/.test(trimmed)) {
      // Another form of static import: not what React Router writes today.
      return null;
    } else {
      lines.push(line);
    }
  }
  if (imports === 0) return null;
  const firstFrame =
    'if (document.visibilityState !== "hidden") await new Promise((go) => {' +
    `const t = setTimeout(go, ${FIRST_FRAME_TIMEOUT_MS});` +
    "requestAnimationFrame(() => setTimeout(() => { clearTimeout(t); go(); }));});";
  const preload =
    `for (const href of ${JSON.stringify(preloads)}) {` +
    'const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href;' +
    "document.head.append(link);}";
  return [firstFrame, preload, ...lines].join("\n");
}

/** The document with its module files fetched after the first paint (see above). */
export function scriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((match) => match[1]);
  if (preloads.length === 0 || !preloads.every((href) => SAFE_URL.test(href))) return html;
  const body = deferredBody(script[2], preloads);
  if (body === null) return html;
  const start = script.index;
  const end = start + script[0].length;
  const rewritten = html.slice(0, start) + script[1] + body + script[3] + html.slice(end);
  // The links are all in the head, before the script.
  return rewritten.slice(0, start).replace(PRELOAD_LINK, "") + rewritten.slice(start);
}
