import styles from "./NavigationProgress.module.css";
import { useSlowNavigation } from "./use-slow-navigation";

/**
 * A thin bar across the top of the window while a client-side navigation takes longer than
 * about 300 ms, so the page the shopper left never looks idle. Nothing without JavaScript: the
 * browser's own loading indicator does that job.
 */
export function NavigationProgress() {
  const slow = useSlowNavigation();
  if (!slow) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label="Cargando la página"
      data-testid="progreso-navegacion"
    >
      <span className={styles.indicator} />
    </div>
  );
}
