import buttons from "~/ui/buttons.module.css";
import { Form, Link } from "~/ui/router";
import { CART_ORDER_TEXTS, type CartOrder } from "./cart-order";
import styles from "./CartOrderNotice.module.css";

/**
 * The order the cart waits on (docs/decisions/0530), on the cart page, in the mini cart and on
 * step 3: a pending payment with its ways out ('Continuar en el banco' while the bank page is
 * there, 'Ver estado', 'Cancelar y pagar con otro medio'), or the order just paid with its
 * receipt. The cancel is a plain form: it works without JavaScript.
 */
export function CartOrderNotice({
  order,
  id,
  level = 2,
}: {
  order: CartOrder;
  id: string;
  /** The heading's level where the notice sits (3 inside the mini cart's dialog). */
  level?: 2 | 3;
}) {
  const titleId = `${id}-titulo`;
  const H = `h${level}` as const;
  if (order.state === "paid") {
    return (
      <section className={`${styles.notice} ${styles.paid}`} aria-labelledby={titleId}>
        <H id={titleId} className={styles.title}>
          {CART_ORDER_TEXTS.paid(order.orderId)}
        </H>
        <p className={styles.lead}>{CART_ORDER_TEXTS.paidLead}</p>
        <p className={styles.actions}>
          <Link to={order.statusUrl} className={buttons.secondary}>
            {CART_ORDER_TEXTS.receipt}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className={`${styles.notice} ${styles.pending}`} aria-labelledby={titleId}>
      <H id={titleId} className={styles.title}>
        {CART_ORDER_TEXTS.pending(order)}
      </H>
      <p className={styles.lead}>
        {order.deadline
          ? CART_ORDER_TEXTS.waitingLead(order.deadline)
          : CART_ORDER_TEXTS.pendingLead}
      </p>
      <div className={styles.actions}>
        {order.bankUrl ? (
          <a href={order.bankUrl} className={buttons.primary}>
            {CART_ORDER_TEXTS.toBank}
          </a>
        ) : null}{" "}
        {/* The spaces keep the actions apart where no style sets them apart (text browsers). */}
        <Link to={order.statusUrl} className={buttons.secondary}>
          {CART_ORDER_TEXTS.status}
        </Link>{" "}
        <Form method="post" action="/checkout" className={styles.cancel}>
          <input type="hidden" name="intent" value="cancel-order" />
          <input type="hidden" name="order_id" value={order.orderId} />
          <button type="submit" className={buttons.secondary}>
            {CART_ORDER_TEXTS.cancel}
          </button>
        </Form>
      </div>
    </section>
  );
}
