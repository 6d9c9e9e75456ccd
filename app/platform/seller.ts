/**
 * Who sells: the razón social, NIT and address a Colombian buyer's accounting needs on a receipt
 * (settings SELLER_NAME, SELLER_NIT, SELLER_ADDRESS; demo values by default). Shown in the footer
 * and on every receipt; the merchant API's e-mails carry the merchant's own.
 */
export interface Seller {
  name: string;
  nit: string;
  address: string;
}

/** When the electronic invoice arrives: the receipt is not the invoice. */
export const INVOICE_NOTE =
  "Recibirás la factura electrónica en este correo dentro de las 48 horas hábiles siguientes a la confirmación del pago.";

/** "SegTel Colombia S.A.S. · NIT 900.123.456-8 · Calle 93 # 11-28, oficina 502, Bogotá D.C." */
export function sellerLine(seller: Seller): string {
  return `${seller.name} · NIT ${seller.nit} · ${seller.address}`;
}
