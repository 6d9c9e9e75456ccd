/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone, simulated slow 4G and
 * 4x CPU slowdown) of store pages, one after the other in one headless Chromium, for
 * `bench/run.ts` and by hand. Debian's Chromium by default; `CHROMIUM_PATH` names another.
 * A measurement, not a test: it never fails on numbers, only when a page cannot be audited.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./http.ts";

export interface LighthouseFigures {
  path: string;
  /** The performance category, 0 to 1. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/**
 * Each page audited `runs` times in turn; the figures of each page's median run (the run
 * nearest the median FCP and TBT), since one run swings with whatever else the machine does.
 */
export async function runLighthouse(
  origin: string,
  paths: string[],
  runs: number,
): Promise<LighthouseFigures[]> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
    // Nothing else of the launcher's: the process ends with `kill()` below.
    handleSIGINT: false,
  });
  try {
    const all = new Map<string, LighthouseFigures[]>(paths.map((path) => [path, []]));
    for (let run = 0; run < runs; run++) {
      for (const path of paths) all.get(path)!.push(await audit(chrome.port, origin, path));
    }
    return paths.map((path) => medianRun(all.get(path)!));
  } finally {
    chrome.kill();
  }
}

function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  const fcp = median(runs.map((r) => r.fcpMs));
  const tbt = median(runs.map((r) => r.tbtMs));
  const distance = (r: LighthouseFigures) => (r.fcpMs - fcp) ** 2 + (r.tbtMs - tbt) ** 2;
  return runs.reduce((best, r) => (distance(r) < distance(best) ? r : best));
}

async function audit(port: number, origin: string, path: string): Promise<LighthouseFigures> {
  const result = await lighthouse(new URL(path, origin).href, {
    port,
    onlyCategories: ["performance"],
    output: "json",
    logLevel: "error",
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse could not audit ${path}: ${lhr.runtimeError.message}`);
  }
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${path}`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  if (score === undefined || score === null) {
    throw new Error(`Lighthouse gave no performance score for ${path}`);
  }
  return {
    path,
    score,
    lcpMs: Math.round(metric("largest-contentful-paint")),
    tbtMs: Math.round(metric("total-blocking-time")),
    cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
    fcpMs: Math.round(metric("first-contentful-paint")),
  };
}
