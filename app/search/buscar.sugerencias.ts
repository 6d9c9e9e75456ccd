import { data } from "react-router";
import { isSearchable, type RankedProduct, splitSuggestions } from "./search";
import { loadSuggestionCandidates } from "./search.server";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/buscar.sugerencias";

/** What the overlay shows of a product: no price (the detail page has the current one). */
export interface Suggestion {
  id: string;
  title: string;
  brand: string | null;
  model: string | null;
  image: string | null;
}

export interface SuggestionsResponse {
  query: string;
  /** 'short': under 2 characters after normalisation; nothing was searched. */
  status: "short" | "ok";
  exact: Suggestion[];
  suggestions: Suggestion[];
}

const toSuggestion = ({ product }: RankedProduct): Suggestion => ({
  id: product.id,
  title: product.title ?? "Producto sin título",
  brand: product.brand,
  model: product.model,
  image: product.images[0] ?? null,
});

/**
 * GET /buscar/sugerencias?q= — the search overlay's data: /api/productos?search&limit=200
 * ranked with the relevance score on the server. A failure answers an empty result (0184).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const reply = (body: SuggestionsResponse, maxAge: number) =>
    data(body, { headers: { "Cache-Control": `public, max-age=${maxAge}` } });
  if (!isSearchable(query))
    return reply({ query, status: "short", exact: [], suggestions: [] }, 3600);
  try {
    const candidates = await loadSuggestionCandidates(query);
    const { exact, suggestions } = splitSuggestions(candidates, query);
    return reply(
      {
        query,
        status: "ok",
        exact: exact.map(toSuggestion),
        suggestions: suggestions.map(toSuggestion),
      },
      60,
    );
  } catch (error) {
    logger.warn({ err: error }, "search suggestions failed: empty result");
    return data({ query, status: "ok", exact: [], suggestions: [] } satisfies SuggestionsResponse, {
      headers: { "Cache-Control": "no-store" },
    });
  }
}
