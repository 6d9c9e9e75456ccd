/**
 * The parts of every page that belong to one shopper: the cart the header shows and the notice
 * after a redirect (docs/decisions/0470). A page from the page cache was rendered for nobody; the
 * server fills these parts in for the request, together with a data block that tells the browser
 * what it filled in. React Router's data for that page is the stored one, for nobody, so while
 * the page runs on the data it was sent with, the parts come from the block; once the root's
 * data is loaded again (after a form post), from that data.
 */
import { useState } from "react";
import type { CartSummary } from "~/cart/cart.server";
import type { FlashNotice as Notice } from "~/platform/flash.server";
import { FlashNotice } from "~/ui/FlashNotice";

export interface PersonalParts {
  cart: CartSummary;
  notice: Notice | null;
}

/** The parts of a visitor without a cart or a notice: what every stored page holds. */
export const NOBODY: PersonalParts = {
  cart: { count: 0, lines: [], subtotal: 0, order: null },
  notice: null,
};

const DATA_ID = "datos-del-comprador";

/** The notice region, then the parts as JSON (a data block: never run, so no CSP hash). */
export function NoticeAndParts({ parts }: { parts: PersonalParts }) {
  // "<" escaped: the JSON can never close its script element.
  const json = JSON.stringify(parts).replaceAll("<", "\\u003c");
  return (
    <>
      <FlashNotice notice={parts.notice} />
      <script type="application/json" id={DATA_ID} dangerouslySetInnerHTML={{ __html: json }} />
    </>
  );
}

function sentParts(): PersonalParts | null {
  if (typeof document === "undefined") return null;
  try {
    return JSON.parse(document.getElementById(DATA_ID)?.textContent ?? "null") as PersonalParts;
  } catch {
    return null;
  }
}

/**
 * The shopper's parts: those the document was sent with while the root's data is the one the
 * page was first rendered with (the layout lives as long as the page), else the root's own.
 */
export function usePersonalParts(rootData: object | undefined, fromRoot: PersonalParts) {
  const [firstRootData] = useState(rootData);
  const [sent] = useState(sentParts);
  return rootData === firstRootData && sent ? sent : fromRoot;
}
