import styles from "./Particles.module.css";

/** Deterministic pseudo-random numbers, so server and browser render the same dots. */
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
 * Decorative particles: an absolutely positioned SVG layer (no layout shift),
 * hidden from assistive technology, drifting slowly by CSS and still under
 * reduced motion.
 */
export function Particles({
  count,
  seed,
  className,
}: {
  count: number;
  seed: number;
  className?: string;
}) {
  const random = mulberry32(seed);
  const dots = Array.from({ length: count }, () => ({
    cx: Math.round(random() * 1000) / 10,
    cy: Math.round(random() * 1000) / 10,
    r: Math.round((0.8 + random() * 2) * 10) / 10,
    o: Math.round((0.25 + random() * 0.6) * 100) / 100,
  }));
  return (
    <div className={`${styles.layer} ${className ?? ""}`} aria-hidden="true" data-particles={count}>
      {/* Percent positions and pixel radii: round dots at any width. */}
      <svg className={styles.svg} focusable="false">
        {dots.map((dot, index) => (
          <circle key={index} cx={`${dot.cx}%`} cy={`${dot.cy}%`} r={dot.r} fillOpacity={dot.o} />
        ))}
      </svg>
    </div>
  );
}
