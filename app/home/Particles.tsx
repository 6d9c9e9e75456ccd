import styles from "./Particles.module.css";

/**
 * Decorative particles: an absolutely positioned layer (no layout shift), hidden from
 * assistive technology, whose dots are one SVG image (`particles-art.ts`) drawn by CSS and
 * drifting slowly by a CSS transform, still under reduced motion. No element per dot: nothing
 * to send, lay out or hydrate, and the animation runs on the compositor (docs/decisions/0382).
 */
export function Particles({ count, className }: { count: 180 | 120; className?: string }) {
  const classes = [styles.layer, count === 180 ? styles.dots180 : styles.dots120, className];
  return (
    <div className={classes.filter(Boolean).join(" ")} aria-hidden="true" data-particles={count} />
  );
}
