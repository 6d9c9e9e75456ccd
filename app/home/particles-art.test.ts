import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PARTICLE_LAYERS, particlesSvg } from "./particles-art";

describe("particle images", () => {
  it.each(PARTICLE_LAYERS)("particles-$count.svg is what the art draws", ({ count, seed }) => {
    const file = readFileSync(new URL(`./particles-${count}.svg`, import.meta.url), "utf8");
    // After changing the art: `node scripts/particles.ts`.
    expect(file).toBe(particlesSvg(count, seed));
    expect(file.match(/<circle /g)).toHaveLength(count);
  });

  it("draws round dots inside the image, faint to half-bright", () => {
    const dots = [
      ...particlesSvg(50, 7).matchAll(
        /cx="([\d.]+)%" cy="([\d.]+)%" r="([\d.]+)" fill-opacity="([\d.]+)"/g,
      ),
    ];
    expect(dots).toHaveLength(50);
    for (const [, cx, cy, r, o] of dots) {
      expect(Number(cx)).toBeLessThanOrEqual(100);
      expect(Number(cy)).toBeLessThanOrEqual(100);
      expect(Number(r)).toBeGreaterThanOrEqual(0.8);
      expect(Number(r)).toBeLessThanOrEqual(2.8);
      expect(Number(o)).toBeGreaterThanOrEqual(0.25);
      expect(Number(o)).toBeLessThanOrEqual(0.85);
    }
  });
});
