import { type MouseEvent, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import styles from "./ProductGallery.module.css";
import { ProductImage } from "~/ui/ProductImage";

/**
 * Product images as a horizontal scroll-snap strip with thumbnails that are
 * plain `#imagen-n` links, so it works without JavaScript (the browser scrolls
 * the strip to the target). With JavaScript the thumbnails scroll the strip
 * without touching the URL, previous/next buttons appear and the current
 * thumbnail is marked.
 */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const stripRef = useRef<HTMLDivElement>(null);
  const enhanced = useHydrated();
  const [active, setActive] = useState(0);
  const count = images.length;

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip || count < 2) return;
    // The slide filling the strip is the current one, however the shopper got there.
    const onScroll = () => {
      const index = Math.round(strip.scrollLeft / Math.max(strip.clientWidth, 1));
      setActive(Math.min(Math.max(index, 0), count - 1));
    };
    strip.addEventListener("scroll", onScroll, { passive: true });
    return () => strip.removeEventListener("scroll", onScroll);
  }, [count]);

  function show(index: number) {
    const strip = stripRef.current;
    if (!strip) return;
    const target = (index + count) % count;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollTo({ left: target * strip.clientWidth, behavior: reduce ? "auto" : "smooth" });
    setActive(target);
  }

  function onThumb(event: MouseEvent<HTMLAnchorElement>, index: number) {
    event.preventDefault();
    show(index);
  }

  if (count === 0) {
    return (
      <div className={styles.gallery}>
        <ProductImage
          src={null}
          alt=""
          priority
          width={800}
          height={800}
          className={styles.single}
        />
        <p className={styles.noImages}>Imagen no disponible</p>
      </div>
    );
  }

  return (
    <div className={styles.gallery}>
      <div className={styles.viewer}>
        <div
          ref={stripRef}
          className={styles.strip}
          // Scrollable, so reachable by keyboard (arrow keys move between images).
          tabIndex={count > 1 ? 0 : undefined}
          // A group, not a region: the gallery is part of the product, not a landmark of its own.
          role={count > 1 ? "group" : undefined}
          aria-label={count > 1 ? `Imágenes del producto (${count})` : undefined}
        >
          {images.map((src, index) => (
            <figure key={`${index}-${src}`} id={`imagen-${index + 1}`} className={styles.slide}>
              <ProductImage
                src={src}
                alt={index === 0 ? title : `${title}, imagen ${index + 1} de ${count}`}
                priority={index === 0}
                width={800}
                height={800}
              />
            </figure>
          ))}
        </div>
        {enhanced && count > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.nav} ${styles.prev}`}
              onClick={() => show(active - 1)}
              aria-label="Imagen anterior"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={`${styles.nav} ${styles.next}`}
              onClick={() => show(active + 1)}
              aria-label="Imagen siguiente"
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs} aria-label="Miniaturas">
          {images.map((src, index) => (
            <li key={`${index}-${src}`}>
              <a
                href={`#imagen-${index + 1}`}
                className={styles.thumb}
                aria-label={`Ver imagen ${index + 1} de ${count}`}
                aria-current={enhanced && index === active ? "true" : undefined}
                onClick={(event) => onThumb(event, index)}
              >
                <ProductImage src={src} alt="" width={96} height={96} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
