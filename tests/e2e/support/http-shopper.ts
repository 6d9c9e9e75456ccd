/**
 * A shopper without a browser, for the server tests: a cookie jar, and the checkout walked
 * through the store's own forms (cart, billing, shipping, step 3, 'Finalizar compra') up to the
 * card payment page, then a card posted as the form without JavaScript posts it.
 */
import { expect } from "@playwright/test";
import { personBilling } from "../../support/buyer.ts";

export class HttpShopper {
  private readonly cookies = new Map<string, string>();
  private readonly address: string | undefined;

  /** `address`, when given, is sent as X-Forwarded-For (a store trusting loopback reads it). */
  constructor(address?: string) {
    this.address = address;
  }

  private take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [name, value] = line.split(";")[0].split(/=(.*)/s);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private headers(origin: string, form: boolean): Record<string, string> {
    return {
      Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      ...(form && { "Content-Type": "application/x-www-form-urlencoded", Origin: origin }),
      ...(this.address && { "X-Forwarded-For": this.address }),
    };
  }

  async get(origin: string, path: string) {
    const response = await fetch(`${origin}${path}`, {
      headers: this.headers(origin, false),
      redirect: "manual",
    });
    this.take(response);
    return { status: response.status, body: await response.text() };
  }

  async post(origin: string, path: string, fields: Record<string, string>) {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: this.headers(origin, true),
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    this.take(response);
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("Location") };
  }

  /** The checkout up to the card payment page: the order id its form carries. */
  async toCardPayment(origin: string, product = "18433"): Promise<string> {
    const steps: Array<[string, Record<string, string>]> = [
      ["/carrito", { intent: "add", productId: product, quantity: "1" }],
      ["/checkout", personBilling()],
      ["/checkout", { intent: "shipping", same_as_invoice: "on" }],
    ];
    for (const [path, fields] of steps)
      expect((await this.post(origin, path, fields)).status).toBe(303);
    expect((await this.get(origin, "/checkout?paso=3")).status).toBe(200);
    const finalized = await this.post(origin, "/checkout", {
      intent: "finalize",
      payment_method: "openpay",
    });
    expect(finalized.location).toBe("/checkout/pago");
    const page = await this.get(origin, "/checkout/pago");
    const orderId = /name="order_id" value="([^"]+)"/.exec(page.body)?.[1];
    expect(orderId, "the card form's order id").toBeTruthy();
    return orderId!;
  }

  /** The card form without JavaScript, posted: 303 to a result, or the form's answer. */
  payByCard(origin: string, orderId: string, number: string) {
    return this.post(origin, "/checkout/pago", {
      intent: "pay-card",
      order_id: orderId,
      holder_name: "Ana Gómez",
      card_number: number,
      expiration_month: "12",
      expiration_year: String(new Date().getFullYear() + 3),
      cvv2: "123",
    });
  }
}
