/**
 * What the root loader gives every page of the site: the request's public origin and the
 * seller's contact. Read here, not from the root module: the parts never import the shell that
 * shows them.
 */
import { useRouteLoaderData } from "react-router";
import type { Seller } from "./seller";

export interface SiteData {
  /** Public origin of the request, for canonical URLs. */
  origin: string;
  salesEmail: string;
  salesPhone: string;
  seller: Seller;
  year: number;
}

/** A route's matches, as its meta function receives them. */
export type RouteMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The root's data among a route's matches; undefined when the root loader itself failed. */
export function siteOf(matches: RouteMatches): SiteData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as SiteData | undefined;
}

/** The root's data in a component; undefined when the root loader itself failed. */
export function useSite(): SiteData | undefined {
  return useRouteLoaderData<SiteData>("root");
}
