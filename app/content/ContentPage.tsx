import { type ReactNode, useId } from "react";
import { Breadcrumb } from "~/ui/Breadcrumb";
import { phoneText, telHref } from "./ContactDialog";
import styles from "./ContentPage.module.css";

/**
 * Frame of the company's text pages (nosotros, privacidad, garantías,
 * soporte técnico): breadcrumb, heading with a lead paragraph, then sections.
 */
export function ContentPage({
  title,
  lead,
  children,
  meta,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
  /** A small line under the lead, e.g. the last update date. */
  meta?: ReactNode;
}) {
  return (
    <main id="contenido" className={styles.page}>
      <div className={styles.hero}>
        <div className="container">
          <Breadcrumb items={[{ label: "Inicio", to: "/" }, { label: title }]} onDark />
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>{lead}</p>
          {meta ? <p className={styles.meta}>{meta}</p> : null}
        </div>
      </div>
      <div className={`container ${styles.body}`}>{children}</div>
    </main>
  );
}

/** A titled section; its heading names the region for screen readers. */
export function ContentSection({
  title,
  children,
  id,
}: {
  title: string;
  children: ReactNode;
  id?: string;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} id={id}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Cards in a responsive grid (values, services, support levels…). */
export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className={styles.cards}>{children}</ul>;
}

export function Card({
  title,
  children,
  badge,
}: {
  title: string;
  children: ReactNode;
  badge?: string;
}) {
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>{title}</h3>
      {badge ? <p className={styles.badge}>{badge}</p> : null}
      {children}
    </li>
  );
}

/** A numbered process. */
export function Steps({ steps }: { steps: { title: string; text: ReactNode }[] }) {
  return (
    <ol className={styles.steps}>
      {steps.map((step) => (
        <li key={step.title} className={styles.step}>
          <h3 className={styles.stepTitle}>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Accordion item: native `<details>`, so it opens and closes without JavaScript. */
export function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className={styles.details}>
      <summary className={styles.summary}>{summary}</summary>
      <div className={styles.detailsBody}>{children}</div>
    </details>
  );
}

/** Sales e-mail and phone as links. */
export function ContactLinks({
  email,
  phone,
}: {
  email: string | undefined;
  phone: string | undefined;
}) {
  if (!email && !phone) return null;
  return (
    <ul className={styles.contactLinks}>
      {email ? (
        <li>
          Correo electrónico: <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
      {phone ? (
        <li>
          Teléfono: <a href={telHref(phone)}>{phoneText(phone)}</a>
        </li>
      ) : null}
    </ul>
  );
}
