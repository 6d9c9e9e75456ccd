/**
 * The voucher of a cash charge, from the gateway's answer (docs/decisions/0570): its reference,
 * deadline, networks and slip data, the slip data checked against the charge before the bars
 * are drawn, so that a voucher never collects another amount or reference. The result page
 * shows it and its PDF while the money is awaited (CASH_METHOD's `pending`).
 */
import type { Charge } from "~/merchant-api/client.server";
import { colombianDeadline } from "~/money/deadline";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { parseSlipElementString, slipElementString } from "./barcode";
import { slipBarcodeDataUrl, slipBarWidths } from "./barcode-svg.server";
import type { VoucherView } from "./CashVoucher";
import { voucherPdf } from "./voucher-pdf.server";

/** The networks when the gateway names none. */
const DEFAULT_NETWORKS = ["Efecty", "Baloto", "SuRed", "Gana", "Corresponsales bancarios"];

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

/** What the voucher shows, and the bars the PDF draws; null for a charge that is not a cash one. */
async function voucherOf(
  charge: Charge,
): Promise<{ view: VoucherView; bars: number[] | null } | null> {
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
  const view: VoucherView = {
    orderId: charge.order_id,
    reference,
    amount: charge.amount,
    deadline,
    networks: networks.length > 0 ? networks : DEFAULT_NETWORKS,
    elementString: fields && barcode ? slipElementString(fields) : null,
    barcode,
  };
  return { view, bars };
}

/** The voucher page's view of a cash charge waiting for its money. */
export async function cashVoucher(charge: Charge): Promise<VoucherView | null> {
  return (await voucherOf(charge))?.view ?? null;
}

/** The voucher as a PDF, to print or keep. */
export async function cashVoucherPdf(charge: Charge): Promise<Uint8Array | null> {
  const voucher = await voucherOf(charge);
  if (!voucher) return null;
  const { barcode: _svg, ...view } = voucher.view;
  return voucherPdf(view, voucher.bars, config().seller);
}
