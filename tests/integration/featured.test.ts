/** loadFeatured against a scripted merchant API: list file → batch → distribution → prices. */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "../../app/merchant-api/client.server";
import { FEATURED_ERROR, loadFeatured } from "../../app/home/featured.server";

const API = "http://featured.test";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: "bypass" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () => createApiClient({ baseUrl: API, timeoutMs: 5_000, concurrency: 6 });

function scripted(options: {
  entries: { productos: Array<{ id: string; categoria: number | string }> };
  missing?: string[];
  batchStatus?: number;
}) {
  const priceCalls: string[] = [];
  server.use(
    http.get(`${API}/productos_ids_consolidados.json`, () => HttpResponse.json(options.entries)),
    http.get(`${API}/api/productos/batch`, ({ request }) => {
      if (options.batchStatus)
        return HttpResponse.json({ error: "caído" }, { status: options.batchStatus });
      const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",");
      return HttpResponse.json({
        productos: ids
          .filter((id) => !options.missing?.includes(id))
          .map((id) => ({ id, titulo: `Producto ${id}`, precio: 1000, total_existencia: 4 })),
      });
    }),
    http.get(`${API}/api/precios/simple/:id`, ({ params }) => {
      priceCalls.push(String(params.id));
      return HttpResponse.json({ id: params.id, precio: "2500.6" });
    }),
  );
  return { priceCalls };
}

describe("loadFeatured", () => {
  it("groups the featured products per top category with current prices", async () => {
    const entries = [
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ id: `v${i}`, categoria: 22 })),
      { id: "a1", categoria: 37 },
      { id: "a2", categoria: "37" },
      { id: "e1", categoria: 30 },
    ];
    const { priceCalls } = scripted({ entries: { productos: entries }, missing: ["a2"] });
    const { groups } = await loadFeatured(client());
    expect(groups.map((g) => [g.category.id, g.products.map((p) => p.id)])).toEqual([
      ["22", ["v1", "v2", "v3", "v4"]],
      ["37", ["a1", "v5", "v6"]],
      ["30", ["e1"]],
    ]);
    expect(groups[0].category.name).toBe("Videovigilancia");
    expect(groups.flatMap((g) => g.products).every((p) => p.price === 2501)).toBe(true);
    // Prices are asked only for what is shown.
    expect(priceCalls.sort()).toEqual(["a1", "e1", "v1", "v2", "v3", "v4", "v5", "v6"]);
  });

  it("throws the featured error when the list is missing (HTML)", async () => {
    server.use(
      http.get(`${API}/productos_ids_consolidados.json`, () => HttpResponse.html("<html></html>")),
    );
    const error = await loadFeatured(client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(FEATURED_ERROR);
  });

  it("throws when no featured product loads", async () => {
    scripted({ entries: { productos: [{ id: "x", categoria: 22 }] }, missing: ["x"] });
    await expect(loadFeatured(client())).rejects.toThrow(FEATURED_ERROR);
  });

  it("throws an ApiError when the batch call fails", async () => {
    scripted({ entries: { productos: [{ id: "x", categoria: 22 }] }, batchStatus: 500 });
    const error = await loadFeatured(client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
  });
});
