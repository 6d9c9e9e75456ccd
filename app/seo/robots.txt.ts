import type { Route } from "./+types/robots.txt";

/** robots.txt: everything public may be crawled; personal and data-only paths may not. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /carrito",
    "Disallow: /checkout",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /buscar/sugerencias",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
