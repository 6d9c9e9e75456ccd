import { personalPage } from "~/platform/http-cache.server";
import { loadReceiptPdf } from "./receipt.server";
import type { Route } from "./+types/comprobante";

/** Cache policy of this route (docs/decisions/0205); its own answers say no-store as well. */
export const headers = personalPage;

const NOT_FOUND = () =>
  new Response("Comprobante no encontrado", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /checkout/comprobante/{chargeId}.pdf: the receipt as a PDF, only for the browser that
 * paid (404 for anyone else). `?descargar=1` saves it instead of opening it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const match = /^(.+)\.pdf$/.exec(params.archivo);
  if (!match) return NOT_FOUND();
  const pdf = await loadReceiptPdf(request, match[1]);
  if (!pdf) return NOT_FOUND();
  const download = new URL(request.url).searchParams.has("descargar");
  const filename = `comprobante-${pdf.orderId.replace(/[^A-Za-z0-9._-]/g, "")}.pdf`;
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
