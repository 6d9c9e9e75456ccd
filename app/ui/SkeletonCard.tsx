import styles from "./SkeletonCard.module.css";

/** A grey placeholder card shown while a client-side navigation loads. */
export function SkeletonCard({ view = "grid" }: { view?: "grid" | "list" }) {
  return (
    <div className={`${styles.card} ${view === "list" ? styles.list : ""}`} aria-hidden="true">
      <div className={styles.image} />
      <div className={styles.lines}>
        <div className={`${styles.line} ${styles.short}`} />
        <div className={styles.line} />
        <div className={styles.line} />
        <div className={`${styles.line} ${styles.price}`} />
      </div>
    </div>
  );
}
