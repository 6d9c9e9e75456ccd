/**
 * The two pages a tester uses on cash charges (README.md here): the payment point's counter,
 * where a cashier types the reference and takes the money, and the gateway's clock, which makes
 * a reference lapse now instead of in 72 hours. Both work without JavaScript.
 */
import { escapeHtml, formatCOP, formatDate } from "./emails.ts";
import { htmlPage } from "./pages.ts";

/** What the pages show of a cash charge. */
export interface CashSlip {
  reference: string;
  orderId: string;
  amount: number;
  expiresAt: string;
  status: string;
}

/** What the counter or the clock did with the reference typed. */
export type CashOutcome =
  | { kind: "paid"; slip: CashSlip }
  | { kind: "expired"; slip: CashSlip }
  | { kind: "refused"; title: string; text: string; slip?: CashSlip };

function slipFacts(slip: CashSlip): string {
  return `<dl>
<dt>Referencia</dt><dd>${escapeHtml(slip.reference)}</dd>
<dt>Pedido</dt><dd>${escapeHtml(slip.orderId)}</dd>
<dt>Valor</dt><dd>${formatCOP(slip.amount)}</dd>
<dt>Fecha límite</dt><dd><time datetime="${escapeHtml(slip.expiresAt)}">${escapeHtml(formatDate(slip.expiresAt))}</time></dd>
</dl>`;
}

function outcomeBlock(outcome: CashOutcome | undefined, done: { paid: string; expired: string }) {
  if (!outcome) return "";
  if (outcome.kind === "refused") {
    return `<div class="tarjeta" role="alert">
<h2>${escapeHtml(outcome.title)}</h2>
<p>${escapeHtml(outcome.text)}</p>
${outcome.slip ? slipFacts(outcome.slip) : ""}
</div>`;
  }
  return `<div class="tarjeta" role="status">
<h2>${escapeHtml(outcome.kind === "paid" ? done.paid : done.expired)}</h2>
${slipFacts(outcome.slip)}
</div>`;
}

function referenceForm(action: string, value: string, button: string, className: string) {
  return `<form method="post" action="${escapeHtml(action)}">
<p><label for="referencia">Referencia de pago</label>
<input type="text" id="referencia" name="referencia" value="${escapeHtml(value)}" inputmode="numeric" autocomplete="off" required aria-describedby="referencia-ayuda"></p>
<p id="referencia-ayuda">Los 14 dígitos del comprobante; puedes escribirlos con espacios.</p>
<p><button type="submit" class="${className}">${escapeHtml(button)}</button></p>
</form>`;
}

/** The counter of a payment point: type the reference, take the cash. */
export function counterPage(opts: {
  action: string;
  expireUrl: string;
  typed?: string;
  outcome?: CashOutcome;
}): string {
  return htmlPage(
    "Punto de pago – Pago en efectivo de prueba",
    `<p class="aviso">Punto de pago simulado del entorno de pruebas: hace las veces de la caja de Efecty, Baloto, SuRed o Gana. No se mueve dinero real.</p>
<h1>Pagar en el punto de pago</h1>
${outcomeBlock(opts.outcome, { paid: "Pago recibido", expired: "Referencia vencida" })}
<div class="tarjeta">
${referenceForm(opts.action, opts.typed ?? "", "Recibir el pago en efectivo", "aprobar")}
<p>¿Quieres probar una referencia vencida? <a href="${escapeHtml(opts.expireUrl)}">Vencer una referencia</a>.</p>
</div>`,
  );
}

/** The gateway's clock: make a reference lapse now, as if its deadline had passed. */
export function expirePage(opts: {
  action: string;
  counterUrl: string;
  typed?: string;
  outcome?: CashOutcome;
}): string {
  return htmlPage(
    "Vencer una referencia – Pago en efectivo de prueba",
    `<p class="aviso">Herramienta del entorno de pruebas: la referencia vence ahora, como si hubiera pasado su fecha límite.</p>
<h1>Vencer una referencia de pago</h1>
${outcomeBlock(opts.outcome, { paid: "Pago recibido", expired: "Referencia vencida" })}
<div class="tarjeta">
${referenceForm(opts.action, opts.typed ?? "", "Vencer la referencia", "rechazar")}
<p><a href="${escapeHtml(opts.counterUrl)}">Ir al punto de pago</a></p>
</div>`,
  );
}
