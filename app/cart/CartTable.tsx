import { Link } from "~/ui/router";
import { CART_ORDER_TEXTS } from "./cart-order";
import { formatCOP } from "~/money/format";
import type { CartViewLine } from "./cart.server";
import { CART_ACTION, FetcherFlag, useCartBusy, useCartFetcher } from "./cart-fetcher";
import styles from "./CartTable.module.css";

const PLACEHOLDER = "/img/placeholder-producto.svg";

/** Hidden fields every line form posts. */
function LineFields({ intent, productId }: { intent: string; productId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value="/carrito" />
      <FetcherFlag />
    </>
  );
}

/**
 * One cart line. Each control is its own small POST form (works without
 * JavaScript, 303 back to /carrito); with JavaScript they share one fetcher
 * per line, and a line takes one change at a time.
 */
function CartLineRow({
  line,
  removing,
  outside,
}: {
  line: CartViewLine;
  removing: boolean;
  /** Units added after 'Finalizar compra': not part of the pending order. */
  outside: number | undefined;
}) {
  const fetcher = useCartFetcher();
  const busy = fetcher.state !== "idle";
  const waiting = useCartBusy();
  const guard = (event: React.FormEvent) => {
    if (waiting) event.preventDefault();
  };
  const wait = waiting ? true : undefined;
  const href = `/producto/${encodeURIComponent(line.productId)}`;
  const inputId = `cantidad-${line.productId}`;
  return (
    <tr className={busy ? styles.busy : undefined} hidden={removing}>
      <td className={styles.cellImage}>
        <img
          className={styles.image}
          src={line.image ?? PLACEHOLDER}
          alt=""
          width={80}
          height={80}
          loading="lazy"
        />
      </td>
      <td className={styles.product} data-label="Producto">
        <Link to={href}>{line.title}</Link>
        {line.sku || line.brand ? (
          <p className={styles.meta}>
            {[line.brand, line.sku ? `Modelo ${line.sku}` : null].filter(Boolean).join(" · ")}
          </p>
        ) : null}
        {outside ? <p className={styles.outside}>{CART_ORDER_TEXTS.outside(outside)}</p> : null}
      </td>
      <td className={styles.num} data-label="Precio">
        {formatCOP(line.unitPrice)}
      </td>
      <td className={styles.qtyCell} data-label="Cantidad">
        <div className={styles.qty}>
          <fetcher.Form method="post" action={CART_ACTION} onSubmit={guard}>
            <LineFields intent="decrement" productId={line.productId} />
            <button
              type="submit"
              className={styles.step}
              disabled={line.quantity <= 1}
              aria-disabled={wait}
              aria-label={`Quitar una unidad de ${line.title}`}
            >
              −
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action={CART_ACTION} onSubmit={guard}>
            <LineFields intent="set" productId={line.productId} />
            <label htmlFor={inputId} className="visually-hidden">
              Cantidad de {line.title}
            </label>
            <input
              // Re-mount on a new server quantity so the field shows it.
              key={line.quantity}
              id={inputId}
              className={styles.input}
              type="number"
              name="quantity"
              inputMode="numeric"
              min={0}
              max={line.stock}
              step={1}
              defaultValue={line.quantity}
            />
            <button type="submit" className={styles.update} aria-disabled={wait}>
              Actualizar
              <span className="visually-hidden"> cantidad de {line.title}</span>
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action={CART_ACTION} onSubmit={guard}>
            <LineFields intent="add" productId={line.productId} />
            <input type="hidden" name="quantity" value="1" />
            <button
              type="submit"
              className={styles.step}
              disabled={line.quantity >= line.stock}
              aria-disabled={wait}
              aria-label={`Agregar una unidad de ${line.title}`}
            >
              +
            </button>
          </fetcher.Form>
        </div>
      </td>
      <td className={styles.num} data-label="Total">
        {formatCOP(line.lineTotal)}
      </td>
      <td className={styles.removeCell}>
        <fetcher.Form method="post" action={CART_ACTION} onSubmit={guard}>
          <LineFields intent="remove" productId={line.productId} />
          <button type="submit" className={styles.remove} aria-disabled={wait}>
            Eliminar<span className="visually-hidden"> {line.title} del carrito</span>
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

export function CartTable({
  lines,
  removed,
  outside = {},
}: {
  lines: CartViewLine[];
  /** Lines being removed: kept mounted but hidden until the server answers. */
  removed: ReadonlySet<string>;
  /** Units of each line that a pending order does not hold (product id → units). */
  outside?: Record<string, number>;
}) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Productos en tu carrito</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Imagen</span>
            </th>
            <th scope="col">Producto</th>
            <th scope="col" className={styles.num}>
              Precio
            </th>
            <th scope="col">Cantidad</th>
            <th scope="col" className={styles.num}>
              Total
            </th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <CartLineRow
              key={line.productId}
              line={line}
              removing={removed.has(line.productId)}
              outside={outside[line.productId]}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
