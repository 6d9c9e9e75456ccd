import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import { Link } from "~/ui/router";
import { categoryHref } from "~/catalogue/category-tree";
import styles from "./HeroCarousel.module.css";

const HERO_INTERVAL_MS = 6000;

const BANNERS = [
  {
    image: "/banners/videovigilancia.svg",
    kicker: "Videovigilancia",
    title: "Cámaras y grabadores para proteger lo que más importa",
    text: "Cámaras IP, domos PTZ, grabadores NVR y analítica de video de las mejores marcas.",
    category: { id: "22", name: "Videovigilancia" },
  },
  {
    image: "/banners/control-de-acceso.svg",
    kicker: "Control de acceso",
    title: "Controla quién entra, cuándo y por dónde",
    text: "Lectores biométricos, tarjetas de proximidad, cerraduras y torniquetes para cada puerta.",
    category: { id: "37", name: "Control de Acceso" },
  },
  {
    image: "/banners/deteccion-de-fuego.svg",
    kicker: "Detección de fuego",
    title: "Detección temprana de incendios, sin falsas alarmas",
    text: "Detectores de humo y temperatura, paneles direccionables y señalización certificada.",
    category: { id: "38", name: "Detección de Fuego" },
  },
  {
    image: "/banners/redes.svg",
    kicker: "Redes",
    title: "Redes rápidas y estables para tu empresa",
    text: "Switches PoE, enrutadores, puntos de acceso y enlaces inalámbricos de largo alcance.",
    category: { id: "26", name: "Redes y Audio-Video" },
  },
  {
    image: "/banners/energia.svg",
    kicker: "Energía",
    title: "Energía sin interrupciones para tus equipos críticos",
    text: "UPS, baterías, reguladores y sistemas solares para mantener todo en línea.",
    category: { id: "30", name: "Energía" },
  },
] as const;

const slideId = (index: number) => `banner-${index + 1}`;

/** The slide the track is at now: its scroll position, to the nearest slide. */
const slideAt = (track: HTMLElement) =>
  Math.round(track.scrollLeft / Math.max(1, track.clientWidth));

/**
 * The home hero: CSS scroll-snap slides with anchor links for previous, next
 * and each slide, so it works without JavaScript. With JavaScript it advances
 * every 6 s, pauses on hover and focus (and with its pause button), and never
 * autoplays when the shopper prefers reduced motion.
 *
 * Only the slide on show is in the tab order (inert slides with JavaScript, hidden ones
 * without), and the dots are for the pointer: the arrows do the same from the keyboard. So
 * the hero costs a keyboard user four stops, not 21 (docs/decisions/0244).
 */
export function HeroCarousel() {
  const trackRef = useRef<HTMLDivElement>(null);
  // The arrow to focus in the slide an arrow brought in: the one pressed is now inert.
  const arrowToFocus = useRef<"prev" | "next" | null>(null);
  // The slide a control is scrolling to: the slides passed on the way stay inert.
  const scrollingTo = useRef<number | null>(null);
  const [current, setCurrent] = useState(0);
  const enhanced = useHydrated();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // Scrolls the track only (never the page) to a slide.
  const goTo = useCallback((index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const count = BANNERS.length;
    const target = ((index % count) + count) % count;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const shown = slideAt(track);
    scrollingTo.current = shown === target ? null : target;
    track.scrollTo({ left: target * track.clientWidth, behavior: still ? "auto" : "smooth" });
    setCurrent(target);
  }, []);

  // Keeps the current slide in sync with manual scrolling and swiping.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            const index = Array.prototype.indexOf.call(track.children, entry.target);
            if (index < 0) continue;
            if (scrollingTo.current !== null && index !== scrollingTo.current) continue;
            // A report arrives a while after it was measured: one of a slide the track has
            // already left (an arrow pressed in between) would take the carousel back (0646).
            if (index !== slideAt(track)) continue;
            setCurrent(index);
          }
        }
      },
      { root: track, threshold: 0.6 },
    );
    for (const slide of track.children) observer.observe(slide);
    const settled = () => {
      const width = Math.max(1, track.clientWidth);
      const target = scrollingTo.current ?? slideAt(track);
      scrollingTo.current = null;
      // A smooth scroll cut short (a re-render or a snap during it) can stop between two
      // slides, where nothing snaps it again: finish it.
      if (Math.abs(track.scrollLeft - target * width) > 1) track.scrollLeft = target * width;
      setCurrent(target);
    };
    track.addEventListener("scrollend", settled);
    return () => {
      observer.disconnect();
      track.removeEventListener("scrollend", settled);
    };
  }, []);

  useEffect(() => {
    const arrow = arrowToFocus.current;
    if (!arrow) return;
    arrowToFocus.current = null;
    trackRef.current?.children[current]
      ?.querySelector<HTMLElement>(`[data-arrow="${arrow}"]`)
      ?.focus({ preventScroll: true });
  }, [current]);

  const autoplay = enhanced && !reducedMotion && !paused && !hovered && !focused;
  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setTimeout(() => goTo(current + 1), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [autoplay, current, goTo]);

  const onAnchor = (
    event: React.MouseEvent<HTMLAnchorElement>,
    index: number,
    arrow: "prev" | "next" | null = null,
  ) => {
    event.preventDefault();
    arrowToFocus.current = arrow;
    goTo(index);
  };

  return (
    <section
      className={styles.hero}
      aria-roledescription="carrusel"
      aria-label="Promociones destacadas"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        ref={trackRef}
        className={styles.track}
        aria-live={autoplay ? "off" : "polite"}
        data-hero-track=""
        data-enhanced={enhanced ? "" : undefined}
      >
        {BANNERS.map((banner, index) => (
          <div
            key={banner.image}
            id={slideId(index)}
            className={styles.slide}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${index + 1} de ${BANNERS.length}: ${banner.kicker}`}
            inert={enhanced && index !== current}
          >
            <img
              src={banner.image}
              alt=""
              width="1600"
              height="560"
              className={styles.image}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : "auto"}
              decoding={index === 0 ? "sync" : "async"}
            />
            <div className={styles.caption}>
              <p className={styles.kicker}>{banner.kicker}</p>
              <h2 className={styles.title}>{banner.title}</h2>
              <p className={styles.text}>{banner.text}</p>
              <Link to={categoryHref(banner.category)} className={styles.cta}>
                Ver productos<span className="visually-hidden"> de {banner.kicker}</span>
              </Link>
            </div>
            <a
              href={`#${slideId(index - 1 < 0 ? BANNERS.length - 1 : index - 1)}`}
              className={`${styles.arrow} ${styles.prev}`}
              aria-label="Banner anterior"
              data-arrow="prev"
              onClick={(event) => onAnchor(event, index - 1, "prev")}
            >
              <span aria-hidden="true">‹</span>
            </a>
            <a
              href={`#${slideId((index + 1) % BANNERS.length)}`}
              className={`${styles.arrow} ${styles.next}`}
              aria-label="Banner siguiente"
              data-arrow="next"
              onClick={(event) => onAnchor(event, index + 1, "next")}
            >
              <span aria-hidden="true">›</span>
            </a>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <nav aria-label="Elegir banner" className={styles.dots}>
          {BANNERS.map((banner, index) => (
            <a
              key={banner.image}
              href={`#${slideId(index)}`}
              className={styles.dot}
              aria-label={`Banner ${index + 1}: ${banner.kicker}`}
              aria-current={enhanced && index === current ? "true" : undefined}
              // Pointer shortcuts: from the keyboard the arrows reach every slide.
              tabIndex={-1}
              onClick={(event) => onAnchor(event, index)}
            />
          ))}
        </nav>
        {enhanced && !reducedMotion ? (
          <button type="button" className={styles.pause} onClick={() => setPaused((p) => !p)}>
            {paused ? "Reanudar" : "Pausar"}
            <span className="visually-hidden"> el carrusel</span>
          </button>
        ) : null}
      </div>
    </section>
  );
}
