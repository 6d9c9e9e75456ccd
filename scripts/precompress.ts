/**
 * `node scripts/precompress.ts [dir]` (run by `npm run build`): writes a brotli (quality 11)
 * and a gzip (level 9) copy beside every compressible file of the built client's hashed
 * assets, for `servePrecompressed` (docs/decisions/0386). Strongest settings, paid once here
 * instead of on every request.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ENCODED_SUFFIX } from "../app/platform/precompressed.server.ts";

const dir = path.resolve(
  process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "client/assets"),
);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(dir, name);
  const content = readFileSync(file);
  // Under a kilobyte, headers outweigh what compression saves.
  if (content.length < 1024) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(file + ENCODED_SUFFIX.br, br);
  writeFileSync(file + ENCODED_SUFFIX.gzip, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  after += br.length;
}
console.log(
  `precompressed ${files} files in ${path.relative(process.cwd(), dir)}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli 11)`,
);
