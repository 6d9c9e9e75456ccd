/** The add-to-cart button and quantity selector rules (docs/decisions/0552, 0201). */
import { hasPrice } from "~/merchant-api/product";

type AddToCartStatus = "loading" | "no-price" | "no-stock" | "ready";

export interface AddToCartButtonState {
  status: AddToCartStatus;
  label: "Cargando..." | "Consultar precio" | "Sin stock" | "Agregar al carrito";
  disabled: boolean;
}

export function addToCartButtonState(input: {
  price: number | null | undefined;
  stock: number;
  loading?: boolean;
}): AddToCartButtonState {
  if (input.loading) return { status: "loading", label: "Cargando...", disabled: true };
  if (!hasPrice(input.price)) {
    return { status: "no-price", label: "Consultar precio", disabled: true };
  }
  if (!(input.stock > 0)) return { status: "no-stock", label: "Sin stock", disabled: true };
  return { status: "ready", label: "Agregar al carrito", disabled: false };
}

/**
 * The selector's value: whole units between 1 and the stock. Anything that is
 * not a number (an empty or typed value) falls back to 1.
 */
export function clampQuantity(value: unknown, stock: number): number {
  const n =
    typeof value === "number" ? value : Number.parseInt(typeof value === "string" ? value : "", 10);
  const max = Math.max(1, Math.floor(stock));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.floor(n), max);
}
