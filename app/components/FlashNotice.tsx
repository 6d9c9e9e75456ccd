import type { FlashNotice as Notice } from "~/lib/flash.server";

/** The flash notice after a redirect ('Agregado al carrito' …), shown 3 s. SKELETON. */
export function FlashNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return <div role="status">{notice.message}</div>;
}
