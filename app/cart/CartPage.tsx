import { useEffect, useRef } from "react";
import { Link } from "~/ui/router";
import { applyIntent } from "./cart";
import { computeTotals, subtotalOf } from "~/money/totals";
import type { CartPageData, CartViewLine } from "./cart.server";
import { usePendingCartIntents } from "./cart-fetcher";
import { CartOrderNotice } from "./CartOrderNotice";
import { ClearConfirmation } from "./ConfirmClear";
import styles from "./CartPage.module.css";
import { CartSummaryPanel } from "./CartSummaryPanel";
import { CartTable } from "./CartTable";

/**
 * While a change is in flight (JavaScript), show the lines and totals as they
 * will be; the server's answer replaces them when the page revalidates. A line
 * being removed stays mounted (hidden) until then, so its form still receives
 * the answer and announces it.
 */
function useOptimisticLines(lines: CartViewLine[]) {
  const pending = usePendingCartIntents();
  if (pending.length === 0) return { lines, removed: new Set<string>(), busy: false };
  const cart = pending.reduce(
    applyIntent,
    lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
  );
  const removed = new Set<string>();
  const next = lines.map((line) => {
    const entry = cart.find((c) => c.productId === line.productId);
    if (!entry) {
      removed.add(line.productId);
      return line;
    }
    const quantity = Math.min(entry.quantity, line.stock);
    return { ...line, quantity, lineTotal: line.unitPrice * quantity };
  });
  return { lines: next, removed, busy: true };
}

export function CartPage({ page, confirmClear }: { page: CartPageData; confirmClear: boolean }) {
  const { lines, removed, busy } = useOptimisticLines(page.lines);
  const visible = lines.filter((l) => !removed.has(l.productId));
  const totals = busy ? computeTotals(subtotalOf(visible)) : page.totals;
  const heading = useRef<HTMLHeadingElement>(null);
  const lineCount = useRef(visible.length);
  useEffect(() => {
    // A removed line takes the focused button with it: keep keyboard users on the page.
    const shrank = visible.length < lineCount.current;
    lineCount.current = visible.length;
    const lost = !document.activeElement || document.activeElement === document.body;
    const hiddenFocus = document.activeElement?.closest("[hidden]") != null;
    if (shrank && (lost || hiddenFocus)) heading.current?.focus();
  }, [visible.length]);
  return (
    <main id="contenido" className={`container ${styles.page}`}>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        Carrito de Compras
      </h1>
      {page.order ? <CartOrderNotice order={page.order} id="pedido-del-carrito" /> : null}
      {page.notices.length > 0 ? (
        <div role="status" className={styles.notices}>
          <ul>
            {page.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {visible.length === 0 ? (
        <section className={styles.empty} aria-labelledby="carrito-vacio">
          <p id="carrito-vacio" className={styles.emptyTitle}>
            Tu carrito está vacío
          </p>
          <Link to="/productos" className={styles.continue}>
            Seguir comprando
          </Link>
        </section>
      ) : null}
      {lines.length > 0 ? (
        // Hidden, not unmounted, while the last lines are being removed (see above).
        <div hidden={visible.length === 0}>
          {confirmClear ? <ClearConfirmation /> : null}
          <div className={styles.layout}>
            <CartTable lines={lines} removed={removed} outside={page.order?.outside} />
            <CartSummaryPanel totals={totals} busy={busy} />
          </div>
        </div>
      ) : null}
    </main>
  );
}
