/**
 * Card tokenization in the browser (docs/decisions/0432): with JavaScript the card number and
 * CVV go from the shopper's browser straight to the merchant API's token call (docs/merchant-api.md
 * `POST /payments/card/token`), carrying the gateway's public key as its browser API asks;
 * the store receives only the token and what the result pages show.
 */
import { TOKEN_ADDRESS } from "~/merchant-api/card-token-address";

/** Where the browser reaches the merchant API, and the public key it shows there. */
export interface BrowserGateway {
  /** `/sandbox` (the embedded sandbox, same origin) or the public origin of a remote API. */
  base: string;
  publicKey: string;
}

export interface CardToTokenize {
  card_number: string;
  holder_name: string;
  /** "01"–"12". */
  expiration_month: string;
  /** Two digits. */
  expiration_year: string;
  cvv2: string;
}

/** What the store is told of a tokenized card: nothing a card could be charged with. */
interface TokenizedCard {
  tokenId: string;
  /** First six and last four digits, the rest X ("411111XXXXXX1111"). */
  masked: string;
  brand: string;
}

export type TokenOutcome =
  | { ok: true; card: TokenizedCard }
  /** The gateway refused the card data (number, expiry, CVV): nothing was charged. */
  | { ok: false; reason: "refused" }
  /** The gateway could not be reached or failed (network, CORS, 5xx, an unreadable answer). */
  | { ok: false; reason: "unreachable" };

/** A new device session id for one payment attempt, as an anti-fraud script gives one. */
export function newDeviceSessionId(random: Pick<Crypto, "getRandomValues"> = crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};

/**
 * The token call's answer (docs/merchant-api.md): the token itself, or `{ success, data: { id } }`.
 */
function tokenFrom(body: unknown): TokenizedCard | null {
  const outer = record(body);
  const token = typeof record(outer.data).id === "string" ? record(outer.data) : outer;
  const card = record(token.card);
  if (typeof token.id !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(token.id)) return null;
  const masked = typeof card.card_number === "string" ? card.card_number : "";
  if (!/^\d{6}X+\d{4}$/.test(masked)) return null;
  const brand = typeof card.brand === "string" ? card.brand : "";
  return { tokenId: token.id, masked, brand };
}

/** Sends the card to the merchant API's token call from the browser. Never to the store. */
export async function tokenizeCard(
  gateway: BrowserGateway,
  card: CardToTokenize,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(`${gateway.base}/payments/card/token`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Authorization: `Basic ${btoa(`${gateway.publicKey}:`)}`,
      },
      body: JSON.stringify({
        card_number: card.card_number.replace(/\D/g, ""),
        holder_name: card.holder_name,
        expiration_month: card.expiration_month,
        expiration_year: card.expiration_year,
        cvv2: card.cvv2,
        ...TOKEN_ADDRESS,
      }),
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    return { ok: false, reason: "unreachable" };
  }
  if (response.status >= 400 && response.status < 500) return { ok: false, reason: "refused" };
  if (!response.ok) return { ok: false, reason: "unreachable" };
  const token = tokenFrom(await response.json().catch(() => null));
  return token ? { ok: true, card: token } : { ok: false, reason: "unreachable" };
}
