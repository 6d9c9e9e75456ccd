/**
 * One copy of each module (docs/decisions/0540): what a page changes, the server's own paths see
 * at once. A store of its own, without Redis (every state in the process's memory) and with its
 * metrics on the shop's port behind a token: a sign-out through the staff page closes the
 * sandbox's mount to the signed-out cookie, and a wrong sign-in and the limit it runs into are
 * counted where the server's `/metrics` reads. With two copies (the server's own imports and
 * the build's), each half sees only its own. Runs once, in the "server" project.
 */
import { expect, test } from "@playwright/test";
import { type StoreProcess, startStoreOnFreePort } from "./support/store-process.ts";

const TOKEN = "one-instance-token-0123456789";

test.describe.configure({ mode: "serial" });

let store: StoreProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  store = await startStoreOnFreePort({ METRICS_TOKEN: TOKEN });
});

test.afterAll(async () => {
  await store?.stop();
});

/** A POST of a staff form, as the browser's would be (same origin, no redirect followed). */
function post(path: string, form: Record<string, string>, cookie = "") {
  return fetch(`${store.origin}${path}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { Origin: store.origin, ...(cookie && { Cookie: cookie }) },
    redirect: "manual",
  });
}

test("a sign-out through the staff page closes the sandbox's mount to the signed-out cookie", async () => {
  const signedIn = await post("/admin/ingresar", {
    usuario: "personal",
    clave: "sandbox-demo",
    volver: "/admin/notificaciones",
  });
  expect(signedIn.status).toBe(303);
  const cookie = signedIn.headers.getSetCookie()[0].split(";")[0];
  const outbox = () => fetch(`${store.origin}/sandbox/correos`, { headers: { Cookie: cookie } });
  expect((await outbox()).status).toBe(200);

  expect((await post("/admin/salir", {}, cookie)).status).toBe(303);
  expect((await outbox()).status).toBe(404);
});

test("a wrong staff sign-in and the limit it runs into are counted on the server's /metrics", async () => {
  test.setTimeout(60_000);
  const scrape = async () => {
    const answer = await fetch(`${store.origin}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    return answer.text();
  };
  const count = (text: string, sample: string) =>
    Number(new RegExp(`^${sample.replace(/[{}"]/g, "\\$&")} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
  const wrong = 'tienda_staff_sign_ins_total{outcome="wrong"}';
  const refused = 'tienda_rate_limit_refusals_total{limit="staff-signin"}';
  const before = await scrape();

  // Five wrong passwords for one user from one address, then the sixth is refused unchecked.
  for (let i = 0; i < 6; i++) {
    await post("/admin/ingresar", { usuario: "nadie", clave: "no-es-la-clave", volver: "/admin" });
  }

  const after = await scrape();
  expect(count(after, wrong) - count(before, wrong)).toBe(5);
  expect(count(after, refused) - count(before, refused)).toBeGreaterThanOrEqual(1);
});
