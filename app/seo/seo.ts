import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "SegTel Colombia";

/**
 * Title, description, canonical URL and Open Graph for a page.
 * `origin` comes from the root loader (the public origin of the request).
 */
export function pageMeta(options: {
  title: string;
  description: string;
  origin: string;
  /** Path plus only the meaningful query parameters. */
  path: string;
  image?: string | null;
  noindex?: boolean;
  type?: "website" | "product";
}): MetaDescriptor[] {
  const url = new URL(options.path, options.origin).toString();
  const title = options.title.includes(SITE_NAME)
    ? options.title
    : `${options.title} | ${SITE_NAME}`;
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
