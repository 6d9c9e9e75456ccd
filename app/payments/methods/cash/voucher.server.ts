/**
 * The voucher of a cash charge, from the gateway's answer (docs/decisions/0570): its reference,
 * deadline, networks and slip data, the slip data checked against the charge before the bars
 * are drawn, so that a voucher never collects another amount or reference.
 */
import { apiClient, type Charge } from "~/merchant-api/client.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { readPaidOrders } from "../../paid-orders.server";
import { CHARGE_ID, upstreamStatus } from "../../payment-answers.server";
import { paymentResult } from "../../status";
import { parseSlipElementString, slipElementString } from "./barcode";
import { slipBarcodeDataUrl, slipBarWidths } from "./barcode-svg.server";
import { colombianDeadline } from "./cash";
import type { VoucherView } from "./CashVoucher";
import { voucherPdf } from "./voucher-pdf.server";

/** The networks when the gateway names none. */
const DEFAULT_NETWORKS = ["Efecty", "Baloto", "SuRed", "Gana", "Corresponsales bancarios"];

/** The address of a cash charge's voucher PDF, for the browser that made it. */
export const voucherPdfHref = (chargeId: string) =>
  `/checkout/efectivo/${encodeURIComponent(chargeId)}.pdf`;

/** The slip's fields, when the gateway's data agrees with the charge. */
function slipOf(charge: Charge, reference: string, ymd: string) {
  const data = charge.payment_method?.barcode;
  const fields = data ? parseSlipElementString(data) : null;
  if (
    fields &&
    fields.reference === reference &&
    fields.amount === charge.amount &&
    fields.dueDate === ymd
  ) {
    return fields;
  }
  logger.warn({ chargeId: charge.id }, "payments: cash slip data does not match its charge");
  return null;
}

/** What the voucher shows and the PDF prints; null for a charge that is not a cash one. */
export async function voucherOf(
  charge: Charge,
): Promise<(VoucherView & { bars: number[] | null }) | null> {
  const method = charge.payment_method;
  const reference = method?.reference;
  const deadline = colombianDeadline(method?.expires_at);
  if (!reference || !deadline || charge.amount == null || !charge.order_id) return null;
  const fields = slipOf(charge, reference, deadline.ymd);
  let barcode: string | null = null;
  let bars: number[] | null = null;
  if (fields) {
    try {
      [barcode, bars] = await Promise.all([slipBarcodeDataUrl(fields), slipBarWidths(fields)]);
    } catch (error) {
      logger.warn(
        { chargeId: charge.id, err: error instanceof Error ? error.message : String(error) },
        "payments: cash slip bars not drawn",
      );
    }
  }
  const networks = (method?.networks ?? []).map((network) => network.name);
  return {
    orderId: charge.order_id,
    reference,
    amount: charge.amount,
    deadline,
    networks: networks.length > 0 ? networks : DEFAULT_NETWORKS,
    elementString: fields && barcode ? slipElementString(fields) : null,
    barcode,
    bars,
    pdfHref: voucherPdfHref(charge.id),
  };
}

/**
 * The voucher PDF of a cash charge waiting for its money, only for the browser that made it (its
 * `pagos` cookie names the charge); null otherwise (404).
 */
export async function loadVoucherPdf(
  request: Request,
  chargeId: string,
): Promise<{ bytes: Uint8Array; orderId: string } | null> {
  if (!CHARGE_ID.test(chargeId)) return null;
  const paid = await readPaidOrders(request);
  if (!paid.some((entry) => entry.chargeId === chargeId)) return null;
  let charge: Charge;
  try {
    charge = await apiClient().getPaymentStatus(chargeId);
  } catch (error) {
    if (upstreamStatus(error) === 404) return null;
    throw error;
  }
  if (paymentResult(charge.status).state !== "pending") return null;
  const voucher = await voucherOf(charge);
  if (!voucher) return null;
  const { bars, barcode: _svg, pdfHref: _href, ...view } = voucher;
  return { bytes: await voucherPdf(view, bars, config().seller), orderId: voucher.orderId };
}
