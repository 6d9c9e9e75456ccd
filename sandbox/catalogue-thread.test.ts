import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CatalogueStore } from "./catalogue/db.ts";
import { DB_FILE, ensureCatalogueDb } from "./catalogue/db-build.ts";
import { answerOf, responseOf, startCatalogueThread } from "./catalogue-thread.ts";
import { SANDBOX_FIXTURES as FX } from "./fixtures.ts";
import { createSandboxApp } from "./router.ts";

const file = await ensureCatalogueDb(".data/sandbox");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hilo-catalogo-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const call = (url: string, method = "GET") => ({
  method,
  url: `http://sandbox.local${url}`,
  headers: { accept: "application/json" },
  publicBase: "/sandbox",
});

describe("the catalogue's thread", () => {
  it("answers as the sandbox's router answers here: text as text, bytes as bytes", async () => {
    const thread = startCatalogueThread(file);
    await thread.ready;
    const here = createSandboxApp({ catalogue: new CatalogueStore(file), publicBase: "/sandbox" });
    const paths = [
      `/api/productos/${FX.products.complete.id}`,
      "/api/productos?categoria=200&limit=60&offset=60",
      `/img/productos/${FX.products.complete.id}-1.svg`,
      `/syscom/productos/${FX.products.withPdf.sku}/pdf`,
      "/api/productos/batch?ids=1,abc",
      "/no-existe",
    ];
    for (const p of paths) {
      const expected = await answerOf(await here.fetch(new Request(call(p).url, call(p))));
      const answer = await thread.call(call(p));
      expect(answer, p).toEqual(expected);
    }
    const pdf = await thread.call(call(`/syscom/productos/${FX.products.withPdf.sku}/pdf`));
    expect(pdf.body).toBeInstanceOf(Uint8Array);
    expect(typeof (await thread.call(call("/api/categorias"))).body).toBe("string");
    // As a Fetch response again (the server's mount): a HEAD's answer has no body.
    const head = responseOf(await thread.call(call("/api/categorias", "HEAD")));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers 503 while the file cannot be opened, and opens it on a later call", async () => {
    const missing = path.join(dir, DB_FILE);
    const thread = startCatalogueThread(missing);
    await expect(thread.ready).rejects.toThrow();
    const refused = await thread.call(call(`/api/productos/${FX.products.complete.id}`));
    expect(refused.status).toBe(503);
    expect(JSON.parse(String(refused.body))).toEqual({
      error: "El catálogo de pruebas no está disponible",
    });
    fs.symlinkSync(path.resolve(file), missing);
    const answered = await thread.call(call(`/api/productos/${FX.products.complete.id}`));
    expect(answered.status).toBe(200);
  });
});
