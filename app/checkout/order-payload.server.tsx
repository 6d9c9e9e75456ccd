/**
 * The body of POST /payments/prepare-checkout (docs/merchant-api.md, docs/decisions/0304) from the
 * parsed steps and the cart as priced on the server. No I/O; amounts only ever come from `lines`
 * and `totals`, which the caller computes from the cart and current prices.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { PrepareCheckoutPayload } from "~/merchant-api/client.server";
import { formatCOP } from "~/money/format";
import { storeOrigin } from "~/platform/config.server";
import type { CartTotals } from "~/money/totals";
import {
  type CheckoutState,
  cityWithDepartment,
  parsedBilling,
  parsedShipping,
} from "./checkout-state";
import {
  type BillingValues,
  type ClientType,
  type PaymentMethod,
  PREFERRED_TIME_LABELS,
  type ShippingValues,
} from "./schemas";
import { shippingFromBilling } from "./draft-rules";

/** The customer as the payment calls name it; "" where the shopper gave nothing. */
export interface OrderCustomer {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  document: string;
  document_type: string;
  additional_info: string;
  company_name: string;
  company_nit: string;
  contact_position: string;
}

type OrderShipping = PrepareCheckoutPayload["shipping"];
/** A cart line as the payment calls carry it (docs/merchant-api.md). */
export type PaymentLine = PrepareCheckoutPayload["products"][number];

export interface OrderParties {
  clientType: ClientType;
  customer: OrderCustomer;
  shipping: OrderShipping;
}

/** The merchant API's longest receiver name and city (the store's forms allow a little more). */
const API_TEXT_MAX = 100;

/** Cut to the API's length at a word boundary where there is one. */
function fit(text: string, max = API_TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return (space > max / 2 ? cut.slice(0, space) : cut).trim();
}

/**
 * Customer and shipping of valid steps 1 and 2. A person's document is the cédula (CC); a
 * company's is its NIT. The city goes with its department; shipping to the billing address
 * copies receiver, address and city from billing (docs/decisions/0304).
 */
export function orderParties(billing: BillingValues, shipping: ShippingValues): OrderParties {
  const city = fit(cityWithDepartment(billing.city, billing.department));
  const person = billing.client_type === "person" ? billing : null;
  const company = billing.client_type === "company" ? billing : null;
  const destination = shipping.same_as_invoice
    ? { ...shippingFromBilling(billing), shipping_city: city }
    : {
        shipping_receiver_name: shipping.shipping_receiver_name ?? "",
        shipping_address: shipping.shipping_address ?? "",
        shipping_city: shipping.shipping_city ?? "",
      };
  return {
    clientType: billing.client_type,
    customer: {
      name: billing.name,
      last_name: person?.last_name ?? "",
      email: billing.email,
      phone: billing.phone,
      address: billing.address,
      city,
      document: person ? (person.document ?? "") : (company?.company_nit ?? ""),
      document_type: person ? "CC" : "NIT",
      additional_info: billing.additional_info ?? "",
      company_name: company?.company_name ?? "",
      company_nit: company?.company_nit ?? "",
      contact_position: company?.contact_position ?? "",
    },
    shipping: {
      sameAsInvoice: shipping.same_as_invoice,
      receiverName: fit(destination.shipping_receiver_name),
      address: destination.shipping_address,
      city: fit(destination.shipping_city),
      instructions: shipping.shipping_instructions ?? "",
      // The Spanish label: the merchant's e-mails show it as it comes.
      preferredTime: shipping.shipping_preferred_time
        ? PREFERRED_TIME_LABELS[shipping.shipping_preferred_time]
        : "",
    },
  };
}

/** A priced cart line as the store computes it (cart.server.ts). */
export interface OrderLine {
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  brand?: string | null;
  model?: string | null;
  sku?: string | null;
}

/** Cart lines in payload form; unit prices in whole pesos, as the totals count them. */
export function paymentLines(lines: ReadonlyArray<OrderLine>): PaymentLine[] {
  return lines.map((line) => {
    const unitPrice = Math.round(line.unitPrice);
    return {
      title: line.title,
      name: line.title,
      quantity: line.quantity,
      unit_price: unitPrice,
      product_id: line.productId,
      subtotal: unitPrice * line.quantity,
      brand: line.brand ?? null,
      model: line.model ?? null,
      sku: line.sku ?? null,
    };
  });
}

/**
 * The lines and totals as an HTML table (`products_html`, docs/merchant-api.md); React escapes
 * every text.
 */
function productsHtml(lines: ReadonlyArray<PaymentLine>, totals: CartTotals): string {
  return renderToStaticMarkup(
    <table>
      <thead>
        <tr>
          <th>Producto</th>
          <th>Cantidad</th>
          <th>Precio unitario</th>
          <th>Subtotal</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.product_id}>
            <td>{line.title}</td>
            <td>{line.quantity}</td>
            <td>{formatCOP(line.unit_price)}</td>
            <td>{formatCOP(line.subtotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={3}>Subtotal</td>
          <td>{formatCOP(totals.subtotal)}</td>
        </tr>
        <tr>
          <td colSpan={3}>IVA (19%)</td>
          <td>{formatCOP(totals.iva)}</td>
        </tr>
        <tr>
          <td colSpan={3}>Envío</td>
          <td>{totals.shipping === 0 ? "Gratis" : formatCOP(totals.shipping)}</td>
        </tr>
        <tr>
          <td colSpan={3}>Total</td>
          <td>{formatCOP(totals.total)}</td>
        </tr>
      </tfoot>
    </table>,
  );
}

/**
 * The prepare-checkout body. The API names a company `business` (sandbox/payments/README.md);
 * the store's forms say `company`.
 */
export function prepareCheckoutPayload(input: {
  parties: OrderParties;
  method: PaymentMethod;
  orderId: string;
  cartId: string;
  checkoutId: string;
  lines: ReadonlyArray<PaymentLine>;
  totals: CartTotals;
  now: Date;
}): PrepareCheckoutPayload {
  const { parties, method, orderId, lines, totals } = input;
  const { customer } = parties;
  return {
    client_type: parties.clientType === "company" ? "business" : "person",
    customer: { ...customer },
    shipping: { ...parties.shipping },
    order: {
      total_amount: totals.total,
      payment_method: method,
      timestamp: input.now.toISOString(),
      order_id: orderId,
    },
    cart_id: input.cartId,
    checkout_id: input.checkoutId,
    products: [...lines],
    cart_items: [...lines],
    products_html: productsHtml(lines, totals),
    email_payload: {
      to: customer.email,
      subject: `Confirmación de tu pedido ${orderId}`,
      data: {
        order_id: orderId,
        client_type: parties.clientType,
        customer_name: [customer.name, customer.last_name].filter(Boolean).join(" "),
        company_name: customer.company_name,
        payment_method: method,
        items: lines,
        subtotal: totals.subtotal,
        iva: totals.iva,
        shipping: totals.shipping,
        total_amount: totals.total,
        // Absolute, from the store's configured origin: an e-mail has no page to resolve a path.
        orders_url: `${storeOrigin()}/mi-cuenta/pedidos`,
      },
    },
  };
}

/** The order's parties, once billing and shipping are both valid; null before. */
export function partiesOf(state: CheckoutState): OrderParties | null {
  const billing = parsedBilling(state);
  const shipping = parsedShipping(state);
  return billing && shipping ? orderParties(billing, shipping) : null;
}
