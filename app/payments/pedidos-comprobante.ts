import { redirect } from "react-router";
import { personalPage } from "~/platform/http-cache.server";
import { lookupReceiptPdf } from "./lookup.server";
import { LOOKUP_MESSAGES } from "./order-lookup-form";
import type { Route } from "./+types/pedidos-comprobante";

/** Cache policy of this route (docs/decisions/0205); its own answers say no-store as well. */
export const headers = personalPage;

/** A GET (a bookmarked or reloaded URL) has no proof: back to the lookup form. */
export function loader() {
  return redirect("/mi-cuenta/pedidos");
}

/**
 * POST /mi-cuenta/pedidos/comprobante: the receipt PDF of an order looked up by its id and
 * e-mail, posted again from the lookup's answer (a native form, so the browser downloads it
 * with or without JavaScript). The e-mail never goes into a URL.
 */
export async function action({ request }: Route.ActionArgs) {
  const answer = await lookupReceiptPdf(request, await request.formData());
  if (answer.kind === "refused") {
    const headers: Record<string, string> = {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    };
    if (answer.retryAfterSeconds) headers["Retry-After"] = String(answer.retryAfterSeconds);
    const message = answer.status === 429 ? LOOKUP_MESSAGES.tooMany : "Comprobante no encontrado";
    return new Response(message, { status: answer.status, headers });
  }
  const filename = `comprobante-${answer.orderId.replace(/[^A-Za-z0-9._-]/g, "")}.pdf`;
  return new Response(new Uint8Array(answer.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
