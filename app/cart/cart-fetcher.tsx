/**
 * Shared by the cart forms once JavaScript runs: a fetcher that posts to the
 * one cart action, the hidden flag that makes the action answer with data
 * instead of a 303 (docs/decisions/0203), the pending changes for optimistic
 * views, and the notice event the toast listens to.
 */
import { useEffect, useRef } from "react";
import { useFetchers } from "react-router";
import { useFetcher } from "~/ui/router";
import { useHydrated } from "~/ui/use-hydrated";
import type { CartIntentFields } from "./cart";
import type { FlashNotice } from "~/platform/flash.server";

export const CART_ACTION = "/carrito";
/** Form field present only in fetcher submissions. */
export const FETCHER_FIELD = "fetcher";

export interface CartFetcherData {
  ok: boolean;
  notice: FlashNotice;
  count: number;
}

const NOTICE_EVENT = "carrito:aviso";

function announceCartNotice(notice: FlashNotice) {
  window.dispatchEvent(new CustomEvent<FlashNotice>(NOTICE_EVENT, { detail: notice }));
}

export function onCartNotice(listener: (notice: FlashNotice) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<FlashNotice>).detail);
  window.addEventListener(NOTICE_EVENT, handler);
  return () => window.removeEventListener(NOTICE_EVENT, handler);
}

/** A fetcher for the cart action whose answers are announced by the toast. */
export function useCartFetcher() {
  const fetcher = useFetcher<CartFetcherData>();
  const announced = useRef<CartFetcherData | undefined>(undefined);
  // The answer arrives while the page revalidates ("loading"), before any line it
  // removes unmounts; announcing then means the notice is never lost.
  useEffect(() => {
    if (fetcher.data && fetcher.data !== announced.current) {
      announced.current = fetcher.data;
      announceCartNotice(fetcher.data.notice);
    }
  }, [fetcher.data]);
  return fetcher;
}

/** The hidden `fetcher=1` field, rendered only after hydration (the no-JS form gets a 303). */
export function FetcherFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null;
}

/** Cart changes posted but not answered yet, oldest first. */
export function usePendingCartIntents(): CartIntentFields[] {
  return useFetchers()
    .filter((f) => f.formData && f.formAction?.startsWith(CART_ACTION))
    .map((f) => {
      const form = f.formData as FormData;
      const text = (name: string) => {
        const v = form.get(name);
        return typeof v === "string" ? v : null;
      };
      return { intent: text("intent"), productId: text("productId"), quantity: text("quantity") };
    });
}

/**
 * True while any cart change is in flight (posting or revalidating). The cart
 * cookie is read per request, so a second change sent before the first one's
 * cookie arrives would overwrite it: every cart form waits (aria-disabled keeps
 * focus where it is) until the previous change has landed.
 */
export function useCartBusy(): boolean {
  return usePendingCartIntents().length > 0;
}
