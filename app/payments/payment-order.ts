/**
 * The prepared order a payment is for: what the checkout's 'Finalizar compra' leaves behind
 * (docs/decisions/0530; prepare-checkout in docs/merchant-api.md). The payments part needs only
 * this shape; the checkout's own type is checked against it where it is read (order.server.ts).
 */
import type { PaymentMethodId } from "~/money/payment-methods";

export interface PaymentOrder {
  /**
   * Fixed per prepared checkout: every charge attempt for it carries this id (docs/decisions/0305).
   */
  orderId: string;
  /** The merchant API's checkout session (prepare-checkout's session_id). */
  sessionId: string;
  /** The checkout's own id, the same across its orders (card-decline limits). */
  checkoutId: string;
  method: PaymentMethodId;
  customer: {
    name: string;
    last_name: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    document: string;
    document_type: string;
    company_name: string;
    company_nit: string;
    contact_position: string;
  };
  shipping: {
    receiverName: string;
    address: string;
    city: string;
    instructions: string;
    preferredTime: string;
  };
}
