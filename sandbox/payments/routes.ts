/**
 * The payment side of the sandbox merchant API (docs/merchant-api.md) as a Hono app:
 * checkout sessions and the orders they record, PSE with a simulated bank page, cash with a
 * simulated payment point, card tokens and charges, payment status, order e-mails and the outbox
 * page. See README.md here.
 *
 * Paths are absolute (/payments/…, /api/payments/…, /banco-pse/…, /punto-de-pago, /correos);
 * a leading /sandbox and a fault prefix /_falla/{mode} are tolerated.
 */
import { browserAccessFromEnv, browserTokenAccess } from "./browser-api.ts";
import { cardTokenRoutes, tokenCallLimits } from "./card-tokens.ts";
import { setTimeout as delay } from "node:timers/promises";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { cashRoutes } from "./cash-routes.ts";
import { checkoutRoutes } from "./checkout-routes.ts";
import { type PaymentsAppOptions, routeContext } from "./context.ts";
import { emailRoutes } from "./email-routes.ts";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import { orderRoutes } from "./order-routes.ts";
import { pseRoutes } from "./pse-routes.ts";
import { familyOf, faultMode, gatewayFailure, HttpError, plain, splitPath } from "./requests.ts";

const MAX_BODY_BYTES = 64 * 1024;

const FAULTS = PAYMENT_FIXTURES.faults;

export function createPaymentsApp(options: PaymentsAppOptions): Hono {
  const ctx = routeContext(options);
  const { slowMs } = ctx;
  const app = new Hono({ getPath: (req) => splitPath(req.url).path });

  // Headers and faults for every call. A fault mode comes from a header or the /_falla/{mode}
  // prefix.
  app.use("*", async (c, next) => {
    const path = splitPath(c.req.url).path;
    const mode = faultMode(c);
    const isApi = path.startsWith("/payments/") || path.startsWith("/api/payments/");
    if (isApi && mode === "error500") {
      throw gatewayFailure(familyOf(path), 1000, { description: FAULTS.message });
    }
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    if (isApi && mode === "lento")
      await delay(slowMs, undefined, { signal: c.req.raw.signal }).catch(() => {});
  });

  app.use("/payments/card/token", browserTokenAccess(options.browser ?? browserAccessFromEnv()));
  app.use("/payments/card/token", tokenCallLimits());

  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        const message = "El cuerpo de la solicitud supera el máximo de 64 KB";
        const family = familyOf(splitPath(c.req.url).path);
        throw family === "plain"
          ? plain(413, message)
          : gatewayFailure(family, 1001, { description: message, status: 413 });
      },
    }),
  );

  // First: its clock lapses unpaid cash references before any route reads a charge.
  cashRoutes(app, ctx);
  checkoutRoutes(app, ctx);
  orderRoutes(app, ctx);
  cardTokenRoutes(app, options.store);
  pseRoutes(app, ctx);
  emailRoutes(app, ctx);

  // Wrong methods on known paths answer 405 with Allow, unknown paths 404, both JSON.
  const allowed: Array<[string, string]> = [
    ["/payments/prepare-checkout", "POST"],
    ["/payments/link-payment", "POST"],
    ["/payments/checkout-data/:sessionId", "GET, HEAD"],
    ["/payments/orders", "GET, HEAD"],
    ["/payments/orders/:orderId", "GET, HEAD"],
    ["/payments/orders/:orderId/cancel", "POST"],
    ["/payments/pse-banks", "GET, HEAD"],
    ["/payments/pse", "POST"],
    ["/banco-pse/:chargeId", "GET, HEAD, POST"],
    ["/payments/cash", "POST"],
    ["/punto-de-pago", "GET, HEAD, POST"],
    ["/punto-de-pago/vencer", "GET, HEAD, POST"],
    ["/payments/card/token", "POST"],
    ["/payments/card/token/:tokenId", "GET, HEAD"],
    ["/payments/card/charge", "POST"],
    ["/payments/status/:chargeId", "GET, HEAD"],
    ["/api/payments/status/:chargeId", "GET, HEAD"],
    ["/payments/charges", "GET, HEAD"],
    ["/api/payments/confirm-success-page/:chargeId", "POST"],
    ["/payments/manual-notification/:orderId", "POST"],
    ["/payments/emails", "GET, HEAD"],
    ["/correos", "GET, HEAD"],
    ["/correos/:id", "GET, HEAD"],
  ];
  for (const [path, methods] of allowed) {
    app.all(path, (c) => c.json({ error: "Método no permitido" }, 405, { Allow: methods }));
  }

  app.notFound((c) => c.json({ error: "Ruta no encontrada" }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status);
    if (error instanceof HTTPException) {
      return c.json({ error: error.message || "Solicitud no válida" }, error.status);
    }
    // Bad input is answered above with a 4xx; this is a real fault of the sandbox (disk, bug).
    console.error("sandbox payments: unexpected error", error);
    return c.json({ error: "Error interno del sandbox de pagos" }, 500);
  });

  return app;
}
