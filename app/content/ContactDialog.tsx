import type { ReactNode } from "react";
import styles from "./ContactDialog.module.css";

/** The one contact dialog of the page; every ContactButton points at this id. */
export const CONTACT_DIALOG_ID = "dialogo-contacto";

/** `+57 601 555 0123` → `tel:+576015550123`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, "")}`;
}

/**
 * The text of a phone link, kept on one line: non-breaking spaces and hyphens, so a number
 * never wraps in the middle (html-validate's tel-non-breaking).
 */
export function phoneText(text: string): string {
  return text.replace(/ /g, "\u00a0").replace(/-/g, "\u2011");
}

/**
 * A button that opens the contact dialog from anywhere (header, product cards
 * with 'Consultar precio', help sections). It uses the native popover invoker,
 * so it works without JavaScript.
 */
export function ContactButton({
  children = "Contacto",
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      popoverTarget={CONTACT_DIALOG_ID}
      popoverTargetAction="show"
      aria-haspopup="dialog"
      className={className ?? styles.button}
    >
      {children}
    </button>
  );
}

/**
 * The sales contact dialog: a native popover (light dismiss on outside click
 * and Escape, focus returned to the opener by the browser), rendered once in
 * the layout.
 */
export function ContactDialog({ email, phone }: { email: string; phone: string }) {
  return (
    <div
      id={CONTACT_DIALOG_ID}
      popover="auto"
      role="dialog"
      aria-labelledby={`${CONTACT_DIALOG_ID}-titulo`}
      className={styles.dialog}
    >
      <div className={styles.head}>
        <h2 id={`${CONTACT_DIALOG_ID}-titulo`} className={styles.title}>
          Contacta a nuestro equipo de ventas
        </h2>
        <button
          type="button"
          popoverTarget={CONTACT_DIALOG_ID}
          popoverTargetAction="hide"
          className={styles.close}
          aria-label="Cerrar"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className={styles.text}>
        Te ayudamos con precios, disponibilidad y asesoría para tu proyecto. Escríbenos o llámanos
        de lunes a viernes.
      </p>
      <ul className={styles.list}>
        <li>
          <span className={styles.label}>Correo electrónico</span>
          <a href={`mailto:${email}`} className={styles.link}>
            {email}
          </a>
        </li>
        <li>
          <span className={styles.label}>Teléfono</span>
          <a href={telHref(phone)} className={styles.link}>
            {phoneText(phone)}
          </a>
        </li>
      </ul>
    </div>
  );
}
