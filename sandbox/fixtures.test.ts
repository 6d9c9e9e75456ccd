import { beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_FIXTURES as FX } from "./fixtures.ts";
import { GENERATOR_VERSION } from "./catalogue/generator.ts";
import { getSandbox } from "./index.ts";

const sandbox = getSandbox({ dataDir: ".data/sandbox", publicBase: "/sandbox" });
type Rec = Record<string, unknown>;

async function product(id: string): Promise<Rec> {
  const res = await sandbox.fetch(new Request(`http://sandbox.local/api/productos/${id}`));
  expect(res.status, id).toBe(200);
  return ((await res.json()) as { producto: Rec }).producto;
}
const stockOf = (p: Rec) => Number(p.total_existencia ?? p.existencia_total ?? p.existencia);
const imagesOf = (p: Rec) => (p.imagenes ?? p.images) as Array<{ url: string }>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

beforeAll(async () => {
  await sandbox.ready;
});

describe("SANDBOX_FIXTURES match the generated data", () => {
  it("names the current generator version", () => {
    expect(FX.generatorVersion).toBe(GENERATOR_VERSION);
  });

  it("complete product", async () => {
    const p = await product(FX.products.complete.id);
    expect(p).toMatchObject({ id: FX.products.complete.id, sku: FX.products.complete.sku });
    expect(typeof p.titulo).toBe("string");
    expect(typeof p.marca).toBe("string");
    expect(typeof p.precio).toBe("number");
    expect(num(p.precio_lista)).toBeGreaterThan(Number(p.precio));
    expect(stockOf(p)).toBeGreaterThan(5);
    expect(imagesOf(p).length).toBeGreaterThanOrEqual(2);
  });

  it("price edge cases", async () => {
    expect(num((await product(FX.products.noPrice)).precio)).toBeNull();
    expect(num((await product(FX.products.zeroPrice)).precio)).toBe(0);
    expect(Number((await product(FX.products.decimalPrice)).precio) % 1).not.toBe(0);
    expect(typeof (await product(FX.products.stringPrice)).precio).toBe("string");
    const list = await product(FX.products.listPriceAbove);
    expect(num(list.precio_lista)).toBeGreaterThan(Number(list.precio));
  });

  it("stock edge cases", async () => {
    expect(stockOf(await product(FX.products.stock2))).toBe(2);
    expect(stockOf(await product(FX.products.stock5))).toBe(5);
    expect(stockOf(await product(FX.products.stock0))).toBe(0);
    expect(stockOf(await product(FX.products.largeStock))).toBeGreaterThanOrEqual(1000);
  });

  it("image, title, brand and HTML edge cases", async () => {
    expect(imagesOf(await product(FX.products.noImages))).toEqual([]);
    expect(imagesOf(await product(FX.products.brokenImage))[0].url).toMatch(/-0\.svg$/);
    const noTitle = await product(FX.products.noTitle);
    expect(noTitle.titulo ?? noTitle.title ?? null).toBeNull();
    const noBrand = await product(FX.products.noBrand);
    expect(noBrand.marca || noBrand.marca_nombre || noBrand.brand_name || null).toBeNull();
    const hostile = await product(FX.products.hostileHtml);
    expect(String(hostile.descripcion_larga ?? hostile.description_html)).toMatch(/<script>/);
    const junk = await product(FX.products.junkHtml);
    const junkHtml = String(junk.descripcion_larga ?? junk.description_html);
    expect(junkHtml).toContain('<img src="x"');
    expect(junkHtml).toContain("Haga clic aquí para ver la promoción");
  });

  it("products sharing a title, told apart by brand and model", async () => {
    const titles = new Set<unknown>();
    for (const { id, brand, model } of FX.products.sameTitle) {
      const p = await product(id);
      titles.add(p.titulo ?? p.title);
      expect(p.marca ?? p.marca_nombre ?? p.brand_name).toBe(brand);
      expect(p.modelo).toBe(model);
    }
    expect(titles.size).toBe(1);
  });

  it("last change date, present or not", async () => {
    expect((await product(FX.products.complete.id)).fecha_actualizacion).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/,
    );
    expect(await product(FX.products.noUpdatedAt)).not.toHaveProperty("fecha_actualizacion");
  });

  it("datasheets and accessories", async () => {
    const exists = async (sku: string) =>
      (
        (await (
          await sandbox.fetch(
            new Request(`http://sandbox.local/syscom/productos/${sku}/pdf_exists`),
          )
        ).json()) as { exists: boolean }
      ).exists;
    expect(await exists(FX.products.withPdf.sku)).toBe(true);
    expect(await exists(FX.products.withoutPdf.sku)).toBe(false);
    expect((await product(FX.products.withPdf.id)).sku).toBe(FX.products.withPdf.sku);
    expect((await product(FX.products.withoutPdf.id)).sku).toBe(FX.products.withoutPdf.sku);
    const acc = async (id: string) =>
      (
        (await (
          await sandbox.fetch(new Request(`http://sandbox.local/productos/${id}/accesorios`))
        ).json()) as { total: number }
      ).total;
    expect(await acc(FX.products.withAccessories)).toBeGreaterThan(0);
    expect(await acc(FX.products.withoutAccessories)).toBe(0);
  });

  it("field variants", async () => {
    const v = FX.fieldVariants;
    expect((await product(v.productoId)).producto_id).toBe(v.productoId);
    expect((await product(v.idProducto)).id_producto).toBe(v.idProducto);
    expect(typeof (await product(v.title)).title).toBe("string");
    expect(typeof (await product(v.marcaNombre)).marca_nombre).toBe("string");
    expect(typeof (await product(v.brandName)).brand_name).toBe("string");
    expect(Array.isArray((await product(v.images)).images)).toBe(true);
    expect(typeof (await product(v.existenciaTotal)).existencia_total).toBe("number");
    expect(typeof (await product(v.existencia)).existencia).toBe("number");
    expect(typeof (await product(v.descriptionHtml)).description_html).toBe("string");
    expect((await product(v.featureTextObjects)).features).toContainEqual({
      feature_text: expect.any(String),
    });
  });

  it("categories and the unknown product", async () => {
    const res = await sandbox.fetch(new Request("http://sandbox.local/api/categorias"));
    const cats = (
      (await res.json()) as {
        categorias: Array<{ id: string; nombre: string; nivel: number; total_productos: number }>;
      }
    ).categorias;
    expect(cats.find((c) => c.id === FX.categories.large.id)).toMatchObject({
      nombre: FX.categories.large.name,
      nivel: 2,
    });
    expect(cats.find((c) => c.id === FX.categories.large.id)!.total_productos).toBeGreaterThan(
      FX.categories.large.minProducts,
    );
    expect(cats.find((c) => c.id === FX.categories.small.id)).toMatchObject({
      nombre: FX.categories.small.name,
      nivel: 3,
    });
    expect(cats.some((c) => c.id === FX.categories.unknown)).toBe(false);
    const missing = await sandbox.fetch(
      new Request(`http://sandbox.local/api/productos/${FX.products.unknown}`),
    );
    expect(missing.status).toBe(404);
  });
});
