import { useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/ui/router";
import { categoryHref } from "~/catalogue/category-tree";
import type { FeaturedGroup } from "./featured";
import type { CardProduct } from "~/merchant-api/product";
import { serializeJsonLd, SITE_NAME } from "~/platform/page-meta";
import { useNonce } from "~/platform/nonce";
import { type BrandLogo, BrandStrip } from "./BrandStrip";
import { ContactButton } from "~/content/ContactDialog";
import { HeroCarousel } from "./HeroCarousel";
import styles from "./HomePage.module.css";
import { Particles } from "./Particles";
import { ProductCard, sharedTitleIds } from "~/product/ProductCard";

const HOME_STATS = [
  { value: "22000+", label: "productos" },
  { value: "50+", label: "clientes" },
  { value: "5+", label: "años" },
  { value: "98.5%", label: "satisfacción" },
] as const;

export interface HomePageProps {
  featured: FeaturedGroup<CardProduct>[];
  featuredError: string | null;
  brands: BrandLogo[];
  alertDismissed: boolean;
  origin: string | null;
  salesEmail: string | null;
  salesPhone: string | null;
  /** The path did not exist: the home content is shown with status 404. */
  notFound?: boolean;
}

/** The home page content, also shown for unknown paths. */
export function HomePage(props: HomePageProps) {
  return (
    <main id="contenido" className={styles.main}>
      <OrganizationJsonLd origin={props.origin} email={props.salesEmail} phone={props.salesPhone} />
      <h1 className="visually-hidden">
        {SITE_NAME}: seguridad electrónica y telecomunicaciones en Colombia
      </h1>
      {props.notFound ? (
        <div className={`container ${styles.notFound}`}>
          <p>
            <strong>No encontramos la página que buscas.</strong> Puede que el enlace esté roto o
            que la página ya no exista. Te dejamos nuestra página de inicio.
          </p>
        </div>
      ) : null}
      <HeroCarousel />
      <Stats />
      <Featured
        groups={props.featured}
        error={props.featuredError}
        alertDismissed={props.alertDismissed}
      />
      <BrandStrip brands={props.brands} />
      <Services />
      <CallToAction />
    </main>
  );
}

function Stats() {
  return (
    <section className={styles.stats} aria-labelledby="cifras-titulo">
      <Particles count={180} />
      <div className={`container ${styles.statsInner}`}>
        <h2 id="cifras-titulo" className="visually-hidden">
          Nuestras cifras
        </h2>
        <ul className={styles.statsList}>
          {HOME_STATS.map((stat) => (
            <li key={stat.label} className={styles.stat}>
              <strong className={styles.statValue}>{stat.value}</strong>{" "}
              <span className={styles.statLabel}>{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Featured({
  groups,
  error,
  alertDismissed,
}: {
  groups: FeaturedGroup<CardProduct>[];
  error: string | null;
  alertDismissed: boolean;
}) {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(alertDismissed);
  return (
    <section className={`container ${styles.featured}`} aria-labelledby="destacados-titulo">
      <h2 id="destacados-titulo" className={styles.sectionTitle}>
        Productos destacados
      </h2>
      {error && !dismissed ? (
        <div role="alert" className={styles.alert}>
          <p>{error}</p>
          {/* Without JavaScript the form reloads the page with the alert closed. */}
          <form
            method="get"
            action={pathname}
            onSubmit={(event) => {
              event.preventDefault();
              setDismissed(true);
            }}
          >
            <input type="hidden" name="aviso" value="cerrado" />
            <button type="submit" className={styles.alertClose}>
              Cerrar aviso
            </button>
          </form>
        </div>
      ) : null}
      {groups.map((group) => {
        const shared = sharedTitleIds(group.products);
        return (
          <section
            key={group.category.id}
            className={styles.group}
            aria-labelledby={`destacados-${group.category.id}`}
          >
            <div className={styles.groupHead}>
              <h3 id={`destacados-${group.category.id}`} className={styles.groupTitle}>
                {group.category.name}
              </h3>
              <Link to={categoryHref(group.category)} className={styles.sectionLink}>
                Ver más<span className="visually-hidden"> en {group.category.name}</span>
              </Link>
            </div>
            <ul className={styles.grid}>
              {group.products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} distinguish={shared.has(product.id)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {/* After the groups, so the first product card stays within 15 Tabs (0244). */}
      <p className={styles.sectionFoot}>
        <Link to="/productos" className={styles.sectionLink}>
          Ver todo el catálogo
        </Link>
      </p>
    </section>
  );
}

const SERVICES = [
  {
    title: "Soluciones tecnológicas",
    text: "Diseñamos e integramos sistemas de videovigilancia, control de acceso, detección de incendio y redes a la medida de tu empresa u hogar.",
    icon: "M4 5h16v10H4zM8 19h8M12 15v4",
    link: { to: "/nosotros", label: "Conoce nuestras soluciones" },
  },
  {
    title: "Soporte técnico",
    text: "Acompañamiento remoto y en sitio de lunes a viernes: instalación, configuración, garantías y mantenimiento preventivo.",
    icon: "M4 13a8 8 0 0 1 16 0M4 13v4h3v-5H4M20 13v4h-3v-5h3M17 17a5 5 0 0 1-5 3",
    link: { to: "/soporte-tecnico", label: "Ver soporte técnico" },
  },
  {
    title: "Asesoría y consultoría",
    text: "Te ayudamos a elegir los equipos correctos para tu proyecto, con cotizaciones claras y recomendaciones de expertos.",
    icon: "M5 5h14v10H9l-4 4zM9 9h6M9 12h4",
    link: null,
  },
] as const;

function Services() {
  return (
    <section className={`container ${styles.services}`} aria-labelledby="servicios-titulo">
      <h2 id="servicios-titulo" className={styles.sectionTitle}>
        Nuestros servicios
      </h2>
      <ul className={styles.serviceList}>
        {SERVICES.map((service) => (
          <li key={service.title} className={styles.service}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="40"
              height="40"
              className={styles.serviceIcon}
            >
              <path
                d={service.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h3 className={styles.serviceTitle}>{service.title}</h3>
            <p>{service.text}</p>
            {service.link ? (
              <Link to={service.link.to} className={styles.serviceLink}>
                {service.link.label}
              </Link>
            ) : (
              <ContactButton className={styles.serviceButton}>Solicitar asesoría</ContactButton>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CallToAction() {
  return (
    <section className={styles.cta} aria-labelledby="cta-titulo">
      <Particles count={120} className={styles.ctaParticles} />
      <div className={`container ${styles.ctaInner}`}>
        <h2 id="cta-titulo" className={styles.ctaTitle}>
          ¿Tienes un proyecto de seguridad o conectividad?
        </h2>
        <p className={styles.ctaText}>
          Cuéntanos qué necesitas y te enviamos una cotización con los equipos adecuados. Precios
          sin IVA y envíos a toda Colombia.
        </p>
        <div className={styles.ctaActions}>
          <ContactButton className={styles.ctaPrimary}>Hablar con un asesor</ContactButton>
          <Link to="/productos" className={styles.ctaSecondary}>
            Explorar el catálogo
          </Link>
        </div>
      </div>
    </section>
  );
}

function OrganizationJsonLd({
  origin,
  email,
  phone,
}: {
  origin: string | null;
  email: string | null;
  phone: string | null;
}) {
  const nonce = useNonce();
  if (!origin) return null;
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    ...(email || phone
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "sales",
            areaServed: "CO",
            availableLanguage: "es",
            ...(email ? { email } : {}),
            ...(phone ? { telephone: phone } : {}),
          },
        }
      : {}),
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      // The browser blanks nonce attributes after parsing; that is not a mismatch.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
