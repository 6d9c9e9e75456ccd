/**
 * The cart is one cookie shared by every tab of the browser; each tab shows it as it was when
 * that tab last asked. Once JavaScript runs, a tab tells the others what its cart is whenever it
 * learns it (on load, after a change), and a tab that hears of another cart asks for its own
 * again: the count and the mini cart follow a change made in another tab at once
 * (docs/decisions/0568).
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { CartSummary } from "./cart.server";

const CHANNEL = "carrito";

/** What tells two views of the cart apart: its lines, quantities and subtotal. */
function cartKey(cart: Pick<CartSummary, "count" | "lines" | "subtotal">): string {
  const lines = cart.lines.map((line) => `${line.productId}:${line.quantity}`).join(",");
  return `${cart.count}|${lines}|${cart.subtotal}`;
}

export function useCartSync(cart: CartSummary) {
  const key = cartKey(cart);
  const { revalidate } = useRevalidator();
  const latest = useRef({ key, revalidate });
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const open = new BroadcastChannel(CHANNEL);
    channel.current = open;
    open.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === "string" && event.data !== latest.current.key) {
        void latest.current.revalidate();
      }
    };
    // A page brought back from the back-forward cache heard nothing while it was stored.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void latest.current.revalidate();
    };
    window.addEventListener("pageshow", onShow);
    return () => {
      window.removeEventListener("pageshow", onShow);
      open.close();
      channel.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = { key, revalidate };
  }, [key, revalidate]);

  useEffect(() => {
    channel.current?.postMessage(key);
  }, [key]);
}
