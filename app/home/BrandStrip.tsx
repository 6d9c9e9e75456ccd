import { useHydrated } from "~/ui/use-hydrated";
import { useLinkNavigation } from "~/ui/use-link-navigation";
import type { Brand } from "~/merchant-api/product";
import styles from "./BrandStrip.module.css";

/**
 * A logo of the strip, with what it shows: the name (the image's text), the image and `href`,
 * its brand page when the brand has products.
 */
export interface BrandLogo extends Pick<Brand, "name" | "image"> {
  href: string | null;
}

function BrandItem({ brand, copy = false }: { brand: BrandLogo; copy?: boolean }) {
  const logo = brand.image ? (
    <img src={brand.image} alt={brand.name} width="160" height="64" loading="lazy" />
  ) : (
    <span>{brand.name}</span>
  );
  return (
    <li>
      {brand.href ? (
        // The copy that makes the loop seamless is hidden from assistive technology: its
        // links stay out of the tab order too. Plain links: the strip follows them (below).
        <a href={brand.href} tabIndex={copy ? -1 : undefined}>
          {logo}
        </a>
      ) : (
        logo
      )}
    </li>
  );
}

/**
 * The scrolling strip of brand logos. A CSS animation over two copies of the
 * list (the second hidden from assistive technology); it pauses on hover, on
 * focus and with the pause switch, and stands still under reduced motion, where
 * the strip scrolls by hand instead.
 *
 * The copy is rendered only in the browser, after hydration: the server's HTML carries the
 * logos once (docs/decisions/0385). Without JavaScript there is no copy to loop over, so the
 * strip stands still and scrolls by hand, as under reduced motion, and has nothing to pause.
 *
 * The logos (twice over with JavaScript) are plain links and the strip has one click handler that makes a plain click
 * a client navigation, as a router `Link` would: no router hooks per logo to hydrate, and no
 * route discovery for 60 brand pages on every home page view (docs/decisions/0382).
 */
export function BrandStrip({ brands }: { brands: BrandLogo[] }) {
  const followLink = useLinkNavigation();
  const looping = useHydrated();
  const linked = brands.some((brand) => brand.href);

  return (
    <section className={styles.section} aria-labelledby="marcas-titulo">
      <div className={`container ${styles.head}`}>
        <h2 id="marcas-titulo" className={styles.heading}>
          Marcas que distribuimos
        </h2>
        {looping && brands.length > 0 ? (
          <label className={styles.pause}>
            <input type="checkbox" className={styles.pauseInput} />
            Pausar animación
          </label>
        ) : null}
      </div>
      {brands.length === 0 ? (
        <p className={`container ${styles.empty}`}>No hay marcas disponibles</p>
      ) : (
        // Without JavaScript and under reduced motion the strip scrolls by hand, so keyboard users
        // must reach it: through its links, or through the strip itself when no logo links anywhere.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated to the links inside, which Enter follows
        <div
          className={looping ? `${styles.viewport} ${styles.looping}` : styles.viewport}
          tabIndex={linked ? undefined : 0}
          role="group"
          aria-label="Logotipos de marcas"
          onClick={followLink}
        >
          <div className={styles.track}>
            <ul className={styles.list} aria-label={`${brands.length} marcas`}>
              {brands.map((brand) => (
                <BrandItem key={brand.name} brand={brand} />
              ))}
            </ul>
            {looping ? (
              <ul className={styles.list} aria-hidden="true">
                {brands.map((brand) => (
                  <BrandItem key={brand.name} brand={brand} copy />
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
