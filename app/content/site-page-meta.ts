import type { MetaDescriptor } from "react-router";
import { routeMeta } from "~/platform/page-meta";
import type { RouteMatches } from "~/platform/site";
import { type SitePath, sitePage } from "./site-pages";

/** The meta tags of a page of the site's list: its title and description, noindex or not. */
export function sitePageMeta(path: SitePath, matches: RouteMatches): MetaDescriptor[] {
  const page = sitePage(path);
  return routeMeta(matches, {
    title: page.title,
    description: page.description,
    path: page.path,
    noindex: page.sitemap === "noindex",
  });
}
