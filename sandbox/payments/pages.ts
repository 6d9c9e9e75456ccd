/**
 * The sandbox's HTML pages: the PSE bank page (works without JavaScript) and
 * the e-mail outbox. Every value is escaped; the e-mails are shown in
 * sandboxed iframes (srcdoc), isolated from the page and from each other.
 */
import { escapeHtml, formatCOP, formatDate, STATUS_LABELS } from "./emails.ts";
import type { ChargeRecord, EmailRecord } from "./records.ts";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;background:#f1f5f9;line-height:1.5}
main{max-width:760px;margin:0 auto;padding:24px 16px}
.aviso{background:#fef3c7;border:1px solid #f59e0b;padding:8px 12px;border-radius:6px}
.tarjeta{background:#fff;border-radius:8px;padding:20px;margin:16px 0;box-shadow:0 1px 2px rgba(15,23,42,.1)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:12px 0}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
fieldset{border:0;padding:0;margin:16px 0}
legend{font-weight:600;margin-bottom:8px}
.botones{display:flex;flex-wrap:wrap;gap:8px}
button,.boton{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #334155;background:#fff;color:#0f172a;cursor:pointer;text-decoration:none;display:inline-block}
button.aprobar{background:#15803d;border-color:#15803d;color:#fff}
button.rechazar{background:#b91c1c;border-color:#b91c1c;color:#fff}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
iframe{width:100%;height:520px;border:1px solid #cbd5e1;border-radius:6px;background:#fff}
label{font-weight:600;display:block;margin-bottom:4px}
input[type=text]{font:inherit;padding:8px;border:1px solid #64748b;border-radius:6px;min-width:16rem}
.filtro{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
`;

/** A complete page: lang="es", a title, one h1 inside main. */
export function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function messagePage(title: string, text: string): string {
  return htmlPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

function chargeFacts(charge: ChargeRecord): string {
  return `<dl>
<dt>Banco</dt><dd>${escapeHtml(charge.bank?.name ?? "No indicado")}</dd>
<dt>Pedido</dt><dd>${escapeHtml(charge.orderId)}</dd>
<dt>Valor</dt><dd>${formatCOP(charge.amount)}</dd>
<dt>Descripción</dt><dd>${escapeHtml(charge.description)}</dd>
<dt>Referencia</dt><dd>${escapeHtml(charge.id)}</dd>
<dt>Estado</dt><dd>${escapeHtml(STATUS_LABELS[charge.status])}</dd>
</dl>`;
}

/**
 * The simulated bank: approve, reject or leave pending, as three submit
 * buttons of one form. A decided charge only offers the way back.
 */
export function bankPage(
  charge: ChargeRecord,
  opts: { action: string; returnUrl: string },
): string {
  const bank = charge.bank?.name ?? "Banco PSE";
  const decided = charge.status !== "in_progress";
  const content = decided
    ? `<p>Este pago ya fue ${charge.status === "completed" ? "aprobado" : "rechazado"} por el banco.</p>
<p><a class="boton" href="${escapeHtml(opts.returnUrl)}">Volver a la tienda</a></p>`
    : `<form method="post" action="${escapeHtml(opts.action)}">
<fieldset>
<legend>¿Qué responde el banco?</legend>
<div class="botones">
<button type="submit" name="decision" value="aprobar" class="aprobar">Aprobar pago</button>
<button type="submit" name="decision" value="rechazar" class="rechazar">Rechazar pago</button>
<button type="submit" name="decision" value="pendiente">Dejar pendiente</button>
</div>
</fieldset>
</form>`;
  return htmlPage(
    `${bank} – Pago PSE de prueba`,
    `<p class="aviso">Banco simulado del entorno de pruebas: no se mueve dinero real.</p>
<div class="tarjeta">
<h1>${escapeHtml(bank)}</h1>
<p>Pago PSE del pedido <strong>${escapeHtml(charge.orderId)}</strong> por <strong>${formatCOP(charge.amount)}</strong>.</p>
${chargeFacts(charge)}
${content}
</div>`,
  );
}

/** The bank's answer for a payment the store cancelled: nothing to decide, nothing debited. */
export function cancelledBankPage(returnUrl: string): string {
  return htmlPage(
    "Pago cancelado por el comercio",
    `<h1>Pago cancelado por el comercio</h1>
<p>La tienda canceló este pago antes de que el banco lo confirmara. No se debitó ningún valor de tu cuenta y ya no es posible aprobarlo.</p>
<p><a class="boton" href="${escapeHtml(returnUrl)}">Volver a la tienda</a></p>`,
  );
}

const KIND_LABELS: Record<string, string> = {
  "confirmacion-cliente": "Confirmación al cliente",
  "aviso-ventas": "Aviso a ventas",
  "comprobante-efectivo": "Referencia de pago en efectivo",
};

/** Newest first; each body in a sandboxed iframe (no scripts, opaque origin). */
export function outboxPage(
  emails: EmailRecord[],
  opts: { base: string; orderId: string | null; limit: number },
): string {
  const filter = `<form method="get" action="${escapeHtml(`${opts.base}/correos`)}" class="filtro" role="search">
<div><label for="pedido">Número de pedido</label>
<input type="text" id="pedido" name="pedido" value="${escapeHtml(opts.orderId ?? "")}" autocomplete="off"></div>
<button type="submit">Filtrar</button>
${opts.orderId ? `<a class="boton" href="${escapeHtml(`${opts.base}/correos`)}">Ver todos</a>` : ""}
</form>`;
  const count =
    emails.length === 0
      ? `<p>${opts.orderId ? "No hay correos de este pedido." : "Aún no se ha enviado ningún correo."}</p>`
      : `<p>${emails.length === 1 ? "1 correo" : `${emails.length} correos`}${emails.length === opts.limit ? ` (los ${opts.limit} más recientes)` : ""}, del más reciente al más antiguo.</p>`;
  const items = emails
    .map((e) => {
      const headingId = `correo-${e.id}`;
      return `<article class="tarjeta" aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(e.subject)}</h2>
<dl>
<dt>Para</dt><dd>${escapeHtml(e.recipients.join(", "))}</dd>
<dt>Fecha</dt><dd><time datetime="${escapeHtml(e.createdAt)}">${escapeHtml(formatDate(e.createdAt))}</time></dd>
<dt>Pedido</dt><dd>${escapeHtml(e.orderId ?? "—")}</dd>
<dt>Tipo</dt><dd>${escapeHtml(KIND_LABELS[e.kind] ?? e.kind)}</dd>
</dl>
<iframe sandbox="" loading="lazy" title="${escapeHtml(`Contenido del correo: ${e.subject}`)}" srcdoc="${escapeHtml(e.html)}"></iframe>
<p><a href="${escapeHtml(`${opts.base}/correos/${e.id}`)}">Abrir el correo solo</a></p>
</article>`;
    })
    .join("\n");
  return htmlPage(
    opts.orderId ? `Correos del pedido ${opts.orderId} – Sandbox` : "Correos enviados – Sandbox",
    `<h1>Correos enviados</h1>
<p class="aviso">Bandeja de salida del entorno de pruebas: lo que la tienda enviaría a clientes y a ventas. Nada sale de aquí.</p>
${filter}
${count}
${items}`,
  );
}
