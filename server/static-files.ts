/** The production build's browser files: hashed assets for a year, the public files for an hour. */
import path from "node:path";
import express from "express";
import type { ServerHost } from "./app-build.ts";

export function mountStaticFiles(app: express.Express, host: ServerHost, buildDir: string): void {
  const assets = path.join(buildDir, "client/assets");
  app.use(
    "/assets",
    // Hashed assets: brotli 11 and gzip 9 made at build time (docs/decisions/0386), else plain.
    host.files.servePrecompressed(assets, { maxAge: "1y", immutable: true }),
    express.static(assets, { immutable: true, maxAge: "1y", index: false }),
  );
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  // Every public file has an extension: a page (or its `.data`) does not wait for a look on
  // the disk, which was 3 % of a browsing load's CPU.
  app.use((req, res, next) =>
    /\.(?!data$)\w+$/.test(req.path) ? publicFiles(req, res, next) : next(),
  );
}
