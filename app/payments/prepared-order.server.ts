/** Where the payment page gets its order: the checkout's prepared order (its public face). */
import { readPreparedOrder } from "~/checkout/checkout.server";
import type { PaymentOrder } from "./payment-order";

/** The order this browser's checkout prepared, or null before 'Finalizar compra'. */
export async function readPaymentOrder(request: Request): Promise<PaymentOrder | null> {
  const order: PaymentOrder | null = await readPreparedOrder(request);
  return order;
}
