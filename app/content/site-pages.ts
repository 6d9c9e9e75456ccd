/**
 * The site's own pages, declared once (docs/decisions/0550): the company pages, the sign-in
 * placeholder and the order lookup. The route table, the footer, the sitemap, the pages' meta
 * tags and the end-to-end screens (axe, markup validation) are all made from this list, so a
 * new page is one entry here plus its route module. No imports: the route table, the tests and
 * the benchmark load this file as it is.
 */

export interface SitePage {
  /** The page's URL path: the Spanish slug its route module is named after. */
  path: string;
  /** Its route module, under `app/`. */
  route: string;
  /** The title of its tab and heading, without the site's name. */
  title: string;
  description: string;
  /** The label of its link in the footer's 'Información'; no label, no link. */
  footer?: string;
  /**
   * In the sitemap, with the day its text last changed; or `noindex`: kept out of search
   * engines. A public page is always one or the other.
   */
  sitemap: { lastmod: string } | "noindex";
  /**
   * Checked by axe in both test projects, or `once` (JavaScript off) when the page is the
   * server's answer alone; unset: its markup is validated, axe covers it elsewhere.
   */
  axe?: "both" | "once";
}

export const SITE_PAGES = [
  {
    path: "/nosotros",
    route: "content/nosotros.tsx",
    title: "Sobre nosotros",
    description:
      "Somos una empresa colombiana que distribuye e integra equipos de seguridad electrónica y telecomunicaciones. Conoce nuestra misión, visión y valores.",
    footer: "Nosotros",
    sitemap: { lastmod: "2025-09-07" },
    axe: "once",
  },
  {
    path: "/garantias",
    route: "content/garantias.tsx",
    title: "Política de garantías",
    description:
      "Garantía de 1 año en nuestros productos: cómo solicitarla, proceso de devolución (RMA), evaluación técnica, tiempos de respuesta y exclusiones.",
    footer: "Garantías",
    sitemap: { lastmod: "2025-09-07" },
    axe: "once",
  },
  {
    path: "/soporte-tecnico",
    route: "content/soporte-tecnico.tsx",
    title: "Soporte técnico",
    description:
      "Soporte remoto, en sitio y mantenimiento preventivo para tus equipos de seguridad electrónica y telecomunicaciones. Niveles de atención con respuesta en 24, 12 o 4 horas.",
    footer: "Soporte técnico",
    sitemap: { lastmod: "2025-09-07" },
    axe: "once",
  },
  {
    path: "/privacidad",
    route: "content/privacidad.tsx",
    title: "Política de privacidad",
    description:
      "Cómo recolectamos, usamos y protegemos tus datos personales conforme a la Ley 1581 de 2012, y cómo ejercer tus derechos como titular.",
    footer: "Política de privacidad",
    sitemap: { lastmod: "2025-09-07" },
    axe: "once",
  },
  {
    path: "/login",
    route: "content/login.tsx",
    title: "Iniciar sesión",
    description: "Accede a tu cuenta de cliente.",
    sitemap: "noindex",
    axe: "both",
  },
  {
    // The order lookup: the only way back to an order from another device (docs/decisions/0347).
    path: "/mi-cuenta/pedidos",
    route: "payments/pedidos.tsx",
    title: "Mis pedidos",
    description: "Consulta el estado del pago de tu pedido.",
    footer: "Mis pedidos",
    sitemap: "noindex",
  },
] as const satisfies readonly SitePage[];

export type SitePath = (typeof SITE_PAGES)[number]["path"];

/** The entry of a page of the list (a path outside it does not type-check). */
export function sitePage(path: SitePath): SitePage {
  return SITE_PAGES.find((page) => page.path === path) as SitePage;
}
