/** Deterministic pseudo-random numbers: the same seed draws the same dots. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The art of the decorative particles: `count` white dots of one seed, as an SVG image with no
 * size of its own, so a CSS background stretches it over any box. Percent positions and pixel
 * radii keep the dots round at any width. `scripts/particles.ts` writes the files
 * `Particles.module.css` uses; a unit test checks they are what this draws.
 */
export function particlesSvg(count: number, seed: number): string {
  const random = mulberry32(seed);
  const circles = Array.from({ length: count }, () => {
    const cx = Math.round(random() * 1000) / 10;
    const cy = Math.round(random() * 1000) / 10;
    const r = Math.round((0.8 + random() * 2) * 10) / 10;
    const o = Math.round((0.25 + random() * 0.6) * 100) / 100;
    return `<circle cx="${cx}%" cy="${cy}%" r="${r}" fill-opacity="${o}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" fill="#fff">\n${circles.join("\n")}\n</svg>\n`;
}

/** The two layers of the home page: 180 dots behind the figures, 120 behind the call to action. */
export const PARTICLE_LAYERS = [
  { count: 180, seed: 180 },
  { count: 120, seed: 120 },
] as const;
