import { describe, expect, it } from "vitest";
import { scrapeMetrics } from "~/platform/metrics.server";
import { HANG_UP, serveFetch } from "../../tests/support/fetch-server";
import { ApiError, createTransport, upstreamResource } from "./transport.server";

const count = async (resource: string, outcome: string) => {
  const { body } = await scrapeMetrics();
  const sample = `tienda_upstream_calls_total{resource="${resource}",outcome="${outcome}"}`;
  return Number(
    body
      .split("\n")
      .find((l) => l.startsWith(`${sample} `))
      ?.split(" ")[1] ?? 0,
  );
};

describe("upstream metrics", () => {
  it("names each call of the merchant API from a fixed table, never by its path", () => {
    expect(upstreamResource("/api/productos/18433")).toBe("producto");
    expect(upstreamResource("/api/productos/batch?ids=1,2")).toBe("productos-batch");
    expect(upstreamResource("/api/productos?categoria=32&limit=20")).toBe("productos");
    expect(upstreamResource("/api/categorias/32/subcategorias")).toBe("subcategorias");
    expect(upstreamResource("/productos/18433/relacionados?limit=12")).toBe("relacionados");
    expect(upstreamResource("/payments/card/charge")).toBe("card-charge");
    expect(upstreamResource("/payments/charges?order_id=CARD-1712345678901ABCD")).toBe("charges");
    expect(upstreamResource("/payments/manual-notification/CARD-1")).toBe("manual-notification");
    expect(upstreamResource("/api/payments/confirm-success-page/ch_1")).toBe(
      "confirm-success-page",
    );
    expect(upstreamResource("/anything/else?email=a@b.co")).toBe("other");
  });

  it("counts each call's outcome: ok, 4xx, 5xx, timeout, unreachable, refused", async () => {
    const answers: Record<string, () => Promise<Response | typeof HANG_UP>> = {
      "/api/marcas": async () => Response.json({ marcas: [] }),
      "/api/productos/1": async () =>
        Response.json({ error: "Producto no encontrado" }, { status: 404 }),
      "/api/categorias": async () => new Response("boom", { status: 500 }),
      "/api/precios/simple/1": () => new Promise<Response>(() => {}),
      "/payments/pse-banks": async () => HANG_UP,
    };
    const api = await serveFetch((request) => answers[new URL(request.url).pathname]());
    const transport = createTransport({
      baseUrl: api.url,
      timeoutMs: 100,
      concurrency: 1,
      queueMax: 0,
    });
    const before = {
      ok: await count("marcas", "ok"),
      notFound: await count("producto", "4xx"),
      broken: await count("categorias", "5xx"),
      timeout: await count("precio", "timeout"),
      unreachable: await count("pse-banks", "unreachable"),
      refused: await count("marcas", "refused"),
    };
    await transport.getJson("/api/marcas");
    await expect(transport.getJson("/api/productos/1")).rejects.toBeInstanceOf(ApiError);
    await expect(transport.getJson("/api/categorias")).rejects.toBeInstanceOf(ApiError);
    const slow = transport.getJson("/api/precios/simple/1");
    // The one slot is taken and no call may wait: refused at once.
    await expect(transport.getJson("/api/marcas")).rejects.toMatchObject({ kind: "busy" });
    await expect(slow).rejects.toMatchObject({ kind: "timeout" });
    await expect(transport.getJson("/payments/pse-banks")).rejects.toMatchObject({
      kind: "unreachable",
    });
    expect(await count("marcas", "ok")).toBe(before.ok + 1);
    expect(await count("producto", "4xx")).toBe(before.notFound + 1);
    expect(await count("categorias", "5xx")).toBe(before.broken + 1);
    expect(await count("precio", "timeout")).toBe(before.timeout + 1);
    expect(await count("pse-banks", "unreachable")).toBe(before.unreachable + 1);
    expect(await count("marcas", "refused")).toBe(before.refused + 1);
    await api.close();
  });
});
