import type { Brand } from "~/merchant-api/product";
import styles from "./BrandStrip.module.css";

function BrandItem({ brand }: { brand: Brand }) {
  return (
    <li className={styles.item}>
      {brand.image ? (
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
export function BrandStrip({ brands }: { brands: Brand[] }) {
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
        // Under reduced motion the strip scrolls by hand, so keyboard users must reach it.
        <div className={styles.viewport} tabIndex={0} role="group" aria-label="Logotipos de marcas">
          <div className={styles.track}>
            <ul className={styles.list} aria-label={`${brands.length} marcas`}>
              {brands.map((brand) => (
                <BrandItem key={brand.id} brand={brand} />
              ))}
            </ul>
            <ul className={styles.list} aria-hidden="true">
              {brands.map((brand) => (
                <BrandItem key={brand.id} brand={brand} />
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
