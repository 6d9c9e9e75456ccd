/**
 * Every page the store shows at a fixed path is either in the sitemap or tells search engines to
 * leave it out (docs/decisions/0550): a new page forgotten in both fails here, whichever list it
 * was added to.
 */
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { SITE_PAGES } from "~/content/site-pages";
import { pageEntries } from "./sitemap-files.server";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

type MetaFunction = (args: unknown) => MetaDescriptor[] | undefined;

const origin = "https://tienda.example.co";

const flatten = (entries: readonly RouteEntry[]): RouteEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

/** Routes at one fixed path (no parameter, no splat), with that path. */
const fixedRoutes = flatten(routes as readonly RouteEntry[]).flatMap((entry) => {
  const path = entry.index ? "/" : `/${entry.path ?? ""}`;
  return /[:*]/.test(path) ? [] : [{ path, file: entry.file }];
});

const sitemapPaths = new Set(pageEntries(origin, []).map((entry) => new URL(entry.loc).pathname));

/** The route's own meta tags, as on its first render with the root's data and no loader data. */
async function metaOf(file: string, path: string): Promise<MetaDescriptor[] | null> {
  const module = (await import(/* @vite-ignore */ new URL(`../${file}`, import.meta.url).href)) as {
    default?: unknown;
    meta?: MetaFunction;
  };
  if (!module.default) return null; // a resource route: no page
  return (
    module.meta?.({
      matches: [{ id: "root", loaderData: { origin } }],
      location: { pathname: path, search: "", hash: "" },
      params: {},
      loaderData: undefined,
      data: undefined,
      error: undefined,
    }) ?? []
  );
}

/** The pages among them (resource routes, such as robots.txt, have no meta tags to carry). */
const pages = (
  await Promise.all(
    fixedRoutes.map(async (route) => ({ ...route, tags: await metaOf(route.file, route.path) })),
  )
).flatMap((page) => (page.tags ? [{ ...page, tags: page.tags }] : []));

const isNoindex = (tags: readonly MetaDescriptor[]) =>
  tags.some((tag) => "name" in tag && tag.name === "robots" && /noindex/.test(String(tag.content)));

describe("indexing", () => {
  it("reads the route table's pages", () => {
    const paths = pages.map((page) => page.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/productos", "/carrito", "/nosotros"]));
  });

  it.each(pages)("$path is in the sitemap or marked noindex", ({ path, file, tags }) => {
    expect(
      sitemapPaths.has(path) || isNoindex(tags),
      `${path} (${file}) is in neither the sitemap nor marked noindex`,
    ).toBe(true);
  });

  it("lists each of the site's pages in the sitemap exactly when it is not noindex", async () => {
    for (const page of SITE_PAGES) {
      const tags = await metaOf(page.route, page.path);
      expect(sitemapPaths.has(page.path), page.path).toBe(page.sitemap !== "noindex");
      expect(isNoindex(tags ?? []), page.path).toBe(page.sitemap === "noindex");
    }
  });
});
