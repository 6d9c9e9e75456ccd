/**
 * What every page says of itself to browsers and crawlers: the site's name, the title,
 * description, canonical URL and Open Graph, and its structured data as JSON. Pure: route
 * modules' meta functions run on the server and in the browser.
 */
import type { MetaDescriptor } from "react-router";
import { type RouteMatches, siteOf } from "./site";

export const SITE_NAME = "SegTel Colombia";
/** Longer titles are cut in search results (and html-validate's long-title rule agrees). */
export const TITLE_MAX = 70;
export const TITLE_SUFFIX = ` | ${SITE_NAME}`;

export interface PageMetaOptions {
  title: string;
  description: string;
  /** The public origin of the request, as the root loader read it. */
  origin: string;
  /** Path plus only the meaningful query parameters. */
  path: string;
  image?: string | null;
  noindex?: boolean;
  type?: "website" | "product";
  /** The title is final: no ' | SegTel Colombia' appended (product pages fit their own). */
  fullTitle?: boolean;
}

/**
 * A route's meta tags, the origin taken from the root's data among its `matches`: what every
 * route's `meta` returns. Without the root's data (its loader failed) only the title is known.
 */
export function routeMeta(
  matches: RouteMatches,
  options: Omit<PageMetaOptions, "origin">,
): MetaDescriptor[] {
  const site = siteOf(matches);
  return site ? pageMeta({ ...options, origin: site.origin }) : [{ title: options.title }];
}

/** Title, description, canonical URL and Open Graph for a page. */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const url = new URL(options.path, options.origin).toString();
  // The site name closes the title when it fits; a page's own words come first.
  const withSite = `${options.title}${TITLE_SUFFIX}`;
  const title =
    options.title.includes(SITE_NAME) || options.fullTitle || withSite.length > TITLE_MAX
      ? truncateText(options.title, TITLE_MAX)
      : withSite;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_CO" },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
  ];
  if (options.image) {
    meta.push({ property: "og:image", content: new URL(options.image, options.origin).toString() });
  }
  if (options.noindex) meta.push({ name: "robots", content: "noindex, follow" });
  return meta;
}

/** Cut at a word boundary with an ellipsis, never longer than `max`. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd().replace(/[,;:]$/, "")}…`;
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<` is escaped so
 * supplier text containing `</script>` cannot close the element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
