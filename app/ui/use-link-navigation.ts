import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/** A click that follows a link in the same tab: the main button, no modifier key. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A click handler for a container of plain `<a href>` links (static markup that React does not
 * render link by link): a plain click on a same-site link becomes a client navigation, as a
 * router link would make it; a click with a modifier (new tab, download) is left to the
 * browser. `onFollow` runs for every followed link, plain or not.
 */
export function useLinkNavigation(onFollow?: () => void) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const href = (event.target as Element).closest("a")?.getAttribute("href");
    if (!href) return;
    onFollow?.();
    if (isPlainClick(event) && href.startsWith("/")) {
      event.preventDefault();
      void navigate(href);
    }
  };
}
