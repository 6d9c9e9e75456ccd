import type { CardBadge } from "./product-card";

/**
 * The 'Popular' and '¡Agotándose!' badges of the card and the detail page; nothing
 * when there are none. Each caller brings its own classes: `badges` for the list (its items are
 * styled through it) and `popular` and `low` for the colours. A plain list: its items say what
 * they are, and a name on a list element is not for lists (html-validate's aria-label-misuse).
 */
export function StockBadges({
  badges,
  classes,
}: {
  badges: CardBadge[];
  /** A CSS module with badges, popular and low classes. */
  classes: { readonly [name: string]: string };
}) {
  if (badges.length === 0) return null;
  return (
    <ul className={classes.badges}>
      {badges.map((badge) => (
        <li key={badge.kind} className={badge.kind === "popular" ? classes.popular : classes.low}>
          {badge.label}
        </li>
      ))}
    </ul>
  );
}
