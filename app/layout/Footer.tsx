import { Link } from "~/ui/router";
import { SITE_NAME } from "~/platform/page-meta";
import { phoneText, telHref } from "~/content/ContactDialog";
import { SITE_PAGES } from "~/content/site-pages";
import { type Seller, sellerLine } from "~/platform/seller";
import styles from "./Footer.module.css";

/** The site's pages that have a footer label, in the list's order. */
const LINKS = SITE_PAGES.flatMap((page) =>
  "footer" in page ? [{ to: page.path, label: page.footer }] : [],
);

export function Footer({
  email,
  phone,
  seller,
  year,
}: {
  email: string | null;
  phone: string | null;
  seller: Seller | null;
  year: number;
}) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="pie-empresa" className={styles.about}>
          <h2 id="pie-empresa" className={styles.heading}>
            {SITE_NAME}
          </h2>
          <p>
            Equipos de seguridad electrónica y telecomunicaciones para empresas y hogares en toda
            Colombia: videovigilancia, control de acceso, detección de incendio, energía, redes y
            más.
          </p>
        </section>
        <nav aria-labelledby="pie-informacion">
          <h2 id="pie-informacion" className={styles.heading}>
            Información
          </h2>
          <ul className={styles.links}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="pie-contacto">
          <h2 id="pie-contacto" className={styles.heading}>
            Contacto
          </h2>
          <ul className={styles.links}>
            {phone ? (
              <li>
                Teléfono: <a href={telHref(phone)}>{phoneText(phone)}</a>
              </li>
            ) : null}
            {email ? (
              <li>
                Correo: <a href={`mailto:${email}`}>{email}</a>
              </li>
            ) : null}
            <li>Atención de lunes a viernes</li>
          </ul>
        </section>
      </div>
      <p className={`container ${styles.copy}`}>
        {seller ? (
          <>
            {sellerLine(seller)}
            <br />
          </>
        ) : null}
        © {year} {SITE_NAME}. Todos los derechos reservados.
      </p>
    </footer>
  );
}
