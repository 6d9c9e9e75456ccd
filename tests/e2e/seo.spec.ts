/**
 * What the store tells search engines: robots.txt, the sitemap index and its sitemaps of pages,
 * categories, brands and products, with dates from the API. Answers of the server alone: each
 * runs once, without JavaScript.
 */
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { expect, test } from "./support/fixtures.ts";
import { asStaff } from "./support/staff-api.ts";

const P = SANDBOX_FIXTURES.products;

test("robots.txt and the sitemaps cover products and categories @once @smoke", async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const index = await (await request.get("/sitemap.xml")).text();
  for (const name of ["paginas.xml", "categorias.xml", "productos-1.xml"]) {
    expect(index).toContain(`<loc>${baseURL}/sitemaps/${name}</loc>`);
  }
  expect(index).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  const products = await (await request.get("/sitemaps/productos-1.xml")).text();
  const productUrls = products.match(/<loc>[^<]+\/producto\/[^<]+<\/loc>/g) ?? [];
  expect(productUrls.length).toBeGreaterThan(20_000);
  const categories = await (await request.get("/sitemaps/categorias.xml")).text();
  expect(categories).toContain(`<loc>${baseURL}/categoria/22</loc>`);
  expect((await request.get("/sitemaps/productos-99.xml")).status()).toBe(404);
});

test("brand pages are in the sitemap @nojs", async ({ request, baseURL }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain(`<loc>${baseURL}/sitemaps/marcas.xml</loc>`);
  const res = await request.get("/sitemaps/marcas.xml");
  expect(res.status()).toBe(200);
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThanOrEqual(50);
  expect(locs).toContain(`${baseURL}/marca/Hikvision`);
  expect(locs).toContain(`${baseURL}/marca/Hanwha%20Vision`);
  for (const loc of locs.slice(0, 5)) expect((await request.get(loc)).status(), loc).toBe(200);
});

test("sitemap dates come from the API, and undated pages have none @nojs", async ({
  request,
  baseURL,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const record = async (id: string) =>
    (
      (await (
        await request.get(`/sandbox/api/productos/${id}`, { headers: await asStaff() })
      ).json()) as {
        producto: { fecha_actualizacion?: string };
      }
    ).producto;

  const products = await (await request.get("/sitemaps/productos-1.xml")).text();
  const dated = await record(P.complete.id);
  const instant = `${new Date(dated.fecha_actualizacion!).toISOString().slice(0, 19)}Z`;
  expect(products).toContain(
    `<url><loc>${baseURL}/producto/${P.complete.id}</loc><lastmod>${instant}</lastmod></url>`,
  );
  expect(await record(P.noUpdatedAt)).not.toHaveProperty("fecha_actualizacion");
  expect(products).toContain(`<url><loc>${baseURL}/producto/${P.noUpdatedAt}</loc></url>`);

  const pages = await (await request.get("/sitemaps/paginas.xml")).text();
  expect(pages).toContain(`<url><loc>${baseURL}/categorias</loc></url>`);
  expect(pages).toContain(
    `<url><loc>${baseURL}/privacidad</loc><lastmod>2025-09-07</lastmod></url>`,
  );
  const categories = await (await request.get("/sitemaps/categorias.xml")).text();
  expect(categories).toMatch(
    new RegExp(
      `<loc>${baseURL}/categoria/22</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[\\d:]{8}Z</lastmod>`,
    ),
  );

  const index = await (await request.get("/sitemap.xml")).text();
  for (const xml of [index, products, pages, categories]) {
    expect(xml).not.toContain(`<lastmod>${today}`);
  }
});
