import { personalPage } from "~/platform/http-cache.server";
import { loadVoucherPdf } from "./voucher.server";
import type { Route } from "./+types/comprobante-efectivo";

/** Cache policy of this route (docs/decisions/0205); its own answers say no-store as well. */
export const headers = personalPage;

/**
 * GET /checkout/efectivo/{chargeId}.pdf: the cash voucher as a PDF, to print or keep, only for the
 * browser that made the reference (404 for anyone else, and once it is paid or lapsed).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const match = /^(.+)\.pdf$/.exec(params.archivo);
  const pdf = match ? await loadVoucherPdf(request, match[1]) : null;
  if (!pdf) {
    return new Response("Comprobante no encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const filename = `pago-efectivo-${pdf.orderId.replace(/[^A-Za-z0-9._-]/g, "")}.pdf`;
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
