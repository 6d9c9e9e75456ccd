import { DATASHEET_NOT_FOUND, fetchDatasheet } from "~/merchant-api/client.server";
import { failureStatus } from "~/merchant-api/failure.server";
import { logger } from "~/platform/logger.server";
import { plainPage } from "~/platform/plain-page.server";
import type { Route } from "./+types/documentacion";

/**
 * GET /documentacion/{sku}: the manufacturer's datasheet, streamed from the
 * API (GET /syscom/productos/{sku}/pdf) so the browser only ever talks to the
 * store. Opens inline in a new tab (the product page links here).
 */
const SKU = /^[\p{L}\p{N}][\p{L}\p{N} ._\-/+#]{0,99}$/u;

export async function loader({ params }: Route.LoaderArgs) {
  const sku = params.sku.trim();
  if (!SKU.test(sku)) return missingPage();
  let upstream: Response;
  try {
    upstream = await fetchDatasheet(sku);
  } catch (error) {
    const status = failureStatus(error);
    if (status === 404) return missingPage();
    logger.warn({ err: error, sku }, "datasheet unavailable");
    return errorPage(status);
  }
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${fileName(sku)}"`,
    // Datasheets change rarely; a day in any cache, a week stale while refreshing.
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    "X-Content-Type-Options": "nosniff",
  });
  const length = upstream.headers.get("Content-Length");
  if (length && /^\d+$/.test(length)) headers.set("Content-Length", length);
  const lastModified = upstream.headers.get("Last-Modified");
  if (lastModified) headers.set("Last-Modified", lastModified);
  return new Response(upstream.body, { status: 200, headers });
}

/** `ficha-tecnica-DS-2CD1043G2.pdf`: ASCII only, nothing that could break the header. */
function fileName(sku: string): string {
  const safe = sku
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `ficha-tecnica-${safe || "producto"}.pdf`;
}

function missingPage(): Response {
  return plainPage(
    404,
    DATASHEET_NOT_FOUND,
    "La ficha técnica de este producto no está disponible en este momento.",
  );
}

function errorPage(status: number): Response {
  return plainPage(
    status,
    "No pudimos abrir la ficha técnica",
    "Ocurrió un error al obtener el documento. Por favor, intenta de nuevo en unos minutos.",
  );
}
