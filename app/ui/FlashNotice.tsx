import type { ReactNode } from "react";
import type { FlashNotice as Notice } from "~/platform/flash.server";
import styles from "./FlashNotice.module.css";

/**
 * The notice after a redirect ('Agregado al carrito: 2 × …'), shown 3 s by a
 * CSS animation so it also leaves without JavaScript. A status region, so
 * screen readers announce it without moving focus.
 */
export function FlashNotice({ notice }: { notice: Notice | null }) {
  return <NoticeRegion>{notice ? <NoticeText notice={notice} /> : null}</NoticeRegion>;
}

/** The status region notices appear in (the cart's in-place notices use it too). */
export function NoticeRegion({ children }: { children: ReactNode }) {
  return (
    <div role="status" className={styles.region}>
      {children}
    </div>
  );
}

export function NoticeText({ notice, onDone }: { notice: Notice; onDone?: () => void }) {
  const tone = notice.type === "error" ? styles.error : notice.type === "info" ? styles.info : "";
  if (notice.link) {
    // A notice with a way on stays until closed; a dialog's own form closes it without
    // JavaScript (method="dialog"), and it never takes focus (not modal).
    return (
      <dialog open className={`${styles.notice} ${styles.lasting} ${tone}`} aria-label="Aviso">
        <p className={styles.text}>
          {notice.message} <a href={notice.link.href}>{notice.link.label}</a>
        </p>
        <form method="dialog">
          <button type="submit" className={styles.close}>
            Cerrar<span className="visually-hidden"> aviso</span>
          </button>
        </form>
      </dialog>
    );
  }
  return (
    <p className={`${styles.notice} ${tone}`} onAnimationEnd={onDone}>
      {notice.message}
    </p>
  );
}
