/**
 * Flash messages on their own signed cookie: set before a 303, read (and
 * consumed) by the next page.
 */
import { redirect } from "react-router";
import { logger } from "~/platform/logger.server";
import type { SessionStorage } from "react-router";
import { type CookieRequest, createSignedCookieSession } from "~/platform/cookie-session.server";

export interface FlashNotice {
  type: "success" | "error" | "info";
  message: string;
  /** A way on ('Ver comprobante'): such a notice stays until the shopper closes it. */
  link?: { href: string; label: string };
}

interface FlashSessionData {
  notice: FlashNotice;
}

let storage: SessionStorage<Record<string, never>, FlashSessionData> | undefined;

function flashSessionStorage() {
  // A notice is for the very next page; an unread one should not linger.
  storage ??= createSignedCookieSession<Record<string, never>, FlashSessionData>({
    name: "aviso",
    maxAge: 60,
  });
  return storage;
}

function isNotice(value: unknown): value is FlashNotice {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.type === "success" || v.type === "error" || v.type === "info") &&
    typeof v.message === "string" &&
    v.message.length > 0
  );
}

/** Reads (and consumes) the flash notice; send `headers` with the response. */
export async function getFlash(
  request: CookieRequest,
): Promise<{ notice: FlashNotice | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader) return { notice: null, headers };
  const storage = flashSessionStorage();
  try {
    const session = await storage.getSession(cookieHeader);
    if (!session.has("notice")) return { notice: null, headers };
    const value: unknown = session.get("notice");
    headers.append("Set-Cookie", await storage.commitSession(session));
    return { notice: isNotice(value) ? value : null, headers };
  } catch {
    // A malformed cookie is not the shopper's problem: drop it (and never log its value).
    logger.warn("unreadable flash cookie");
    return { notice: null, headers };
  }
}

/** The Set-Cookie value carrying `notice` to the next page. */
async function setFlash(request: Request, notice: FlashNotice): Promise<string> {
  const storage = flashSessionStorage();
  const session = await storage
    .getSession(request.headers.get("Cookie"))
    .catch(() => storage.getSession());
  session.flash("notice", notice);
  return storage.commitSession(session);
}

/** 303 See Other to `to` with a flash notice (and any extra headers, e.g. the cart cookie). */
export async function redirectWithFlash(
  request: Request,
  to: string,
  notice: FlashNotice,
  init: { headers?: Headers } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setFlash(request, notice));
  return redirect(to, { status: 303, headers });
}
