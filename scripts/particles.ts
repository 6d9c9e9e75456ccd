/**
 * `node scripts/particles.ts`: writes the particle images of the home page
 * (app/home/particles-<count>.svg) from `particlesSvg`; run it after changing the art.
 */
import { writeFileSync } from "node:fs";
import { PARTICLE_LAYERS, particlesSvg } from "../app/home/particles-art.ts";

for (const { count, seed } of PARTICLE_LAYERS) {
  const file = new URL(`../app/home/particles-${count}.svg`, import.meta.url);
  writeFileSync(file, particlesSvg(count, seed));
  console.log(`wrote ${file.pathname}`);
}
