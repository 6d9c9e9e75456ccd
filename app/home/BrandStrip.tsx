import { Link } from "react-router";
import type { Brand } from "~/merchant-api/product";
import styles from "./BrandStrip.module.css";

/** A logo of the strip; `href` is its brand page when the brand has products. */
export interface BrandLogo extends Brand {
  href: string | null;
}

function BrandItem({ brand, copy = false }: { brand: BrandLogo; copy?: boolean }) {
  const logo = brand.image ? (
    <img
      src={brand.image}
      alt={brand.name}
      width="160"
      height="64"
      loading="lazy"
      decoding="async"
      className={styles.logo}
    />
  ) : (
    <span className={styles.name}>{brand.name}</span>
  );
  return (
    <li className={styles.item}>
      {brand.href ? (
        // The copy that makes the loop seamless is hidden from assistive technology: its
        // links stay out of the tab order too.
        <Link to={brand.href} className={styles.link} tabIndex={copy ? -1 : undefined}>
          {logo}
        </Link>
      ) : (
        logo
      )}
    </li>
  );
}

/**
 * The scrolling strip of brand logos. A CSS animation over two copies of the
 * list (the second hidden from assistive technology); it pauses on hover, on
 * focus and with the pause switch (no JavaScript needed), and stands still
 * under reduced motion, where the strip scrolls by hand instead.
 */
export function BrandStrip({ brands }: { brands: BrandLogo[] }) {
  const linked = brands.some((brand) => brand.href);
  return (
    <section className={styles.section} aria-labelledby="marcas-titulo">
      <div className={`container ${styles.head}`}>
        <h2 id="marcas-titulo" className={styles.heading}>
          Marcas que distribuimos
        </h2>
        {brands.length > 0 ? (
          <label className={styles.pause}>
            <input type="checkbox" className={styles.pauseInput} />
            Pausar animación
          </label>
        ) : null}
      </div>
      {brands.length === 0 ? (
        <p className={`container ${styles.empty}`}>No hay marcas disponibles</p>
      ) : (
        // Under reduced motion the strip scrolls by hand, so keyboard users must reach it: through
        // its links, or through the strip itself when no logo links anywhere.
        <div
          className={styles.viewport}
          tabIndex={linked ? undefined : 0}
          role="group"
          aria-label="Logotipos de marcas"
        >
          <div className={styles.track}>
            <ul className={styles.list} aria-label={`${brands.length} marcas`}>
              {brands.map((brand) => (
                <BrandItem key={brand.id} brand={brand} />
              ))}
            </ul>
            <ul className={styles.list} aria-hidden="true">
              {brands.map((brand) => (
                <BrandItem key={brand.id} brand={brand} copy />
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
