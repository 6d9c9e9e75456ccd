/**
 * The store's /sandbox mount answers anonymous visitors only with what a page loads (drawings,
 * logos, the PSE bank page); its API and outbox answer the signed-in staff (docs/decisions/0410).
 * Tests that make orders or read the outbox through it sign in as the demo account once per
 * worker, through the real sign-in form, and send that session cookie.
 */
import { type BrowserContext, expect, request, test } from "@playwright/test";

const cookies = new Map<string, Promise<{ name: string; value: string }>>();

function baseURL(): string {
  return test.info().project.use.baseURL!;
}

/** The demo account's session cookie on the store at `base` (a successful sign-in counts against no limit). */
async function signIn(base: string): Promise<{ name: string; value: string }> {
  const context = await request.newContext({ baseURL: base });
  try {
    const answer = await context.post("/admin/ingresar", {
      form: { usuario: "personal", clave: "sandbox-demo", volver: "/admin/notificaciones" },
      headers: { Origin: new URL(base).origin },
      maxRedirects: 0,
    });
    expect(answer.status(), "the demo staff account signs in").toBe(303);
    const header = answer
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && /^(__Host-)?personal=/.test(h.value));
    expect(header, "the sign-in sets the staff session cookie").toBeDefined();
    const [pair] = header!.value.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  } finally {
    await context.dispose();
  }
}

function staffCookie(base = baseURL()) {
  let cookie = cookies.get(base);
  if (!cookie) {
    cookie = signIn(base);
    cookies.set(base, cookie);
  }
  return cookie;
}

/** Headers of a call to the store's /sandbox API or outbox as the signed-in staff. */
export async function asStaff(base?: string): Promise<{ Cookie: string }> {
  const { name, value } = await staffCookie(base);
  return { Cookie: `${name}=${value}` };
}

/** Signs this browser context in as the demo staff account (to open the outbox page). */
export async function signInStaff(context: BrowserContext): Promise<void> {
  const base = baseURL();
  const { name, value } = await staffCookie(base);
  await context.addCookies([
    {
      name,
      value,
      // A __Host- cookie is Secure: set for the https form of the address (localhost counts as secure).
      url: base.replace(/^http:/, "https:"),
      secure: name.startsWith("__Host-"),
      httpOnly: true,
      sameSite: "Strict",
    },
  ]);
}
