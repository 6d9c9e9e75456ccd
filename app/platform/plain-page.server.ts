/**
 * A small Spanish page for answers React Router does not render (a refused request, a resource
 * route's failure): a title, a sentence and a way back, with no script, style or form, and a
 * CSP that allows none. Titles and texts are constants of the callers, never request data.
 */
export function plainPage(
  status: number,
  title: string,
  text: string,
  extraHeaders: Record<string, string> = {},
): Response {
  const html = `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
</head>
<body>
<main id="contenido">
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/productos">Ver el catálogo</a> · <a href="/">Volver al inicio</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      ...extraHeaders,
    },
  });
}
