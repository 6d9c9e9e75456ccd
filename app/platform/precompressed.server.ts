/**
 * Static files compressed once, when the store is built (`scripts/precompress.ts`), at the
 * strongest settings: brotli 11 and gzip 9 beside each hashed asset. Serving them costs no CPU
 * per request and sends fewer bytes than compressing on the fly (docs/decisions/0386).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { rememberedBy } from "../text/normalize.ts";

export type Encoding = "br" | "gzip" | "identity";

/** The file name ending of each stored encoding. */
export const ENCODED_SUFFIX = { br: ".br", gzip: ".gz" } as const;

// The content codings an Accept-Encoding header accepts (those not refused with q=0). Browsers
// send a handful of distinct headers, each on every request: each read once.
const acceptedEncodings = rememberedBy(
  100,
  (header) =>
    header
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name.toLowerCase()),
  256,
);

/**
 * The encoding a client takes from an Accept-Encoding header: brotli, then gzip, else none;
 * without brotli among the choices (a page stitched for one shopper), gzip, else none.
 */
export function preferredEncoding(
  acceptEncoding: string | null | undefined,
  choices: readonly Encoding[] = ["br", "gzip"],
): Encoding {
  const accepted = acceptedEncodings(acceptEncoding ?? "");
  return choices.find((encoding) => accepted.includes(encoding)) ?? "identity";
}

/**
 * Serves `dir`'s precompressed copy of a requested file when the client takes its encoding;
 * anything else goes on to the plain static handler. The folder is read once: only files it
 * held at start are served, so no request path reaches the disk unchecked.
 */
export function servePrecompressed(
  dir: string,
  options: { maxAge: string; immutable?: boolean },
): RequestHandler {
  const names = new Set(readdirSync(dir, { recursive: true, encoding: "utf8" }));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const encoding = preferredEncoding(req.get("Accept-Encoding"));
    if (encoding === "identity" || !names.has(name + ENCODED_SUFFIX[encoding])) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.sendFile(
      name + ENCODED_SUFFIX[encoding],
      { root: dir, maxAge: options.maxAge, immutable: options.immutable ?? false },
      (error) => {
        if (error && !res.headersSent) next();
      },
    );
  };
}
