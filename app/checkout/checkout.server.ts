/**
 * The checkout's public face for the payments part: the order 'Finalizar compra' prepared, and
 * the cookie that clears the checkout once the order is paid. Kept minimal here; the checkout
 * wizard (issue 9) owns this module and its cookie.
 */
import type { SessionStorage } from "react-router";
import { createSignedCookieSession } from "~/platform/cookie-session.server";

/** What 'Finalizar compra' leaves for the payment page (spec §3 checkout state). */
export interface PreparedOrder {
  orderId: string;
  sessionId: string;
  method: "openpay" | "pse";
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

interface CheckoutSessionData {
  prepared: PreparedOrder;
}

let storage: SessionStorage<CheckoutSessionData> | undefined;

function checkoutStorage(): SessionStorage<CheckoutSessionData> {
  storage ??= createSignedCookieSession<CheckoutSessionData>({
    name: "checkout",
    maxAge: 2 * 60 * 60,
  });
  return storage;
}

/** The prepared order of this browser's checkout; null before 'Finalizar compra'. */
export async function readPreparedOrder(request: Request): Promise<PreparedOrder | null> {
  try {
    const session = await checkoutStorage().getSession(request.headers.get("Cookie"));
    return session.get("prepared") ?? null;
  } catch {
    return null;
  }
}

/** The Set-Cookie value that forgets the checkout (after a settled payment). */
export async function clearCheckoutCookie(request: Request): Promise<string> {
  const sessions = checkoutStorage();
  const session = await sessions
    .getSession(request.headers.get("Cookie"))
    .catch(() => sessions.getSession());
  return sessions.destroySession(session);
}
