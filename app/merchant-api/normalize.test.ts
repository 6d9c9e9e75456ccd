import { describe, expect, it } from "vitest";
import {
  listFrom,
  normalizeBrands,
  normalizeCategories,
  normalizeCategory,
  normalizeFeaturedEntries,
  normalizeProduct,
  normalizeProducts,
  placeholderCategory,
  priceFromBody,
  productFromDetail,
  sortCategoriesByName,
  toNumber,
  toPrice,
  toInstant,
  toStock,
} from "./normalize";

const product = (raw: Record<string, unknown>) => {
  const p = normalizeProduct(raw);
  if (!p) throw new Error("expected a product");
  return p;
};

describe("normalizeProduct: identity", () => {
  it.each([
    [{ id: 17 }, "17"],
    [{ id: " 17 " }, "17"],
    [{ producto_id: 42 }, "42"],
    [{ producto_id: "42" }, "42"],
    [{ id_producto: "A-9" }, "A-9"],
  ])("reads the id from %j", (raw, id) => {
    expect(product(raw).id).toBe(id);
  });

  it("prefers id over producto_id and id_producto", () => {
    expect(product({ id: 1, producto_id: 2, id_producto: 3 }).id).toBe("1");
    expect(product({ producto_id: 2, id_producto: 3 }).id).toBe("2");
  });

  it("returns null without an id or for non-objects", () => {
    expect(normalizeProduct({ titulo: "Cámara" })).toBeNull();
    expect(normalizeProduct({ id: "  " })).toBeNull();
    expect(normalizeProduct(null)).toBeNull();
    expect(normalizeProduct("17")).toBeNull();
    expect(normalizeProduct([{ id: 1 }])).toBeNull();
  });
});

describe("normalizeProduct: texts", () => {
  it("reads titulo, else title; blank is null", () => {
    expect(product({ id: 1, titulo: "Cámara IP", title: "Camera" }).title).toBe("Cámara IP");
    expect(product({ id: 1, title: "Camera" }).title).toBe("Camera");
    expect(product({ id: 1, titulo: "   " }).title).toBeNull();
    expect(product({ id: 1 }).title).toBeNull();
  });

  it("reads modelo and sku (numbers too)", () => {
    const p = product({ id: 1, modelo: "DS-2CD1043G2", sku: 12345 });
    expect(p.model).toBe("DS-2CD1043G2");
    expect(p.sku).toBe("12345");
    expect(product({ id: 1 }).sku).toBeNull();
  });

  it.each([
    [{ marca: "Hikvision" }, "Hikvision"],
    [{ marca_nombre: "Dahua" }, "Dahua"],
    [{ brand_name: "Axis" }, "Axis"],
    [{ marca: { nombre: "Epcom" } }, "Epcom"],
    [{ marca: "" }, null],
    [{}, null],
  ])("reads the brand from %j", (raw, brand) => {
    expect(product({ id: 1, ...raw }).brand).toBe(brand);
  });

  it("keeps descripcion as plain text and the HTML raw", () => {
    const html = '<p onclick="x()">Hola <script>1</script></p>';
    expect(product({ id: 1, descripcion: "Corta", descripcion_larga: html }).descriptionHtml).toBe(
      html,
    );
    expect(product({ id: 1, description_html: "<b>b</b>" }).descriptionHtml).toBe("<b>b</b>");
    expect(product({ id: 1, descripcion: "Corta" }).description).toBe("Corta");
    expect(
      product({ id: 1, descripcion_larga: "<i>a</i>", description_html: "<b>b</b>" })
        .descriptionHtml,
    ).toBe("<i>a</i>");
  });
});

describe("normalizeProduct: categories", () => {
  it("reads categoria_id and a categoria name", () => {
    const p = product({
      id: 1,
      categoria_id: 22,
      categoria: "Videovigilancia",
      subcategoria: "Cámaras IP",
    });
    expect(p.categoryId).toBe("22");
    expect(p.categoryName).toBe("Videovigilancia");
    expect(p.subcategory).toBe("Cámaras IP");
  });

  it("treats a numeric categoria as an id", () => {
    const p = product({ id: 1, categoria: 37 });
    expect(p.categoryId).toBe("37");
    expect(p.categoryName).toBeNull();
  });

  it("reads categorias as refs and falls back to the top level for the category", () => {
    const p = product({
      id: 1,
      categorias: [
        { id: 301, nombre: "Domo", nivel: 3 },
        { id: 22, nombre: "Videovigilancia", nivel: 1 },
        { id: 22, nombre: "duplicado", nivel: 1 },
        { nombre: "sin id" },
        "basura",
      ],
    });
    expect(p.categories).toEqual([
      { id: "301", name: "Domo", level: 3 },
      { id: "22", name: "Videovigilancia", level: 1 },
    ]);
    expect(p.categoryId).toBe("22");
    expect(p.categoryName).toBe("Videovigilancia");
  });

  it("names the category from categorias when only the id is given", () => {
    const p = product({
      id: 1,
      categoria_id: "37",
      categorias: [{ id: "37", nombre: "Control de Acceso", nivel: "1" }],
    });
    expect(p.categoryName).toBe("Control de Acceso");
    expect(p.categories[0].level).toBe(1);
  });

  it("has no category when nothing says so", () => {
    const p = product({ id: 1, categorias: "no" });
    expect(p.categoryId).toBeNull();
    expect(p.categories).toEqual([]);
  });
});

describe("normalizeProduct: images", () => {
  it("puts the cover first, then imagen, then the gallery, deduplicated", () => {
    const p = product({
      id: 1,
      img_portada: "/img/a.jpg",
      imagen: "/img/b.jpg",
      imagenes: [
        { url: "/img/a.jpg" },
        { url: "" },
        "/img/c.jpg",
        { url: "  " },
        null,
        { url: "/img/b.jpg" },
      ],
    });
    expect(p.images).toEqual(["/img/a.jpg", "/img/b.jpg", "/img/c.jpg"]);
  });

  it("reads images when imagenes is absent", () => {
    expect(
      product({ id: 1, images: ["https://x/1.png", { url: "https://x/2.png" }] }).images,
    ).toEqual(["https://x/1.png", "https://x/2.png"]);
  });

  it("is empty when there are none", () => {
    expect(product({ id: 1, img_portada: "", imagenes: "x" }).images).toEqual([]);
  });
});

describe("normalizeProduct: specifications and features", () => {
  it("turns specification values into strings and drops empty ones", () => {
    const p = product({
      id: 1,
      especificaciones: {
        Resolución: "4 MP",
        Canales: 8,
        PoE: true,
        Audio: false,
        Vacío: "",
        Nulo: null,
        Obj: {},
      },
    });
    expect(p.specifications).toEqual({ Resolución: "4 MP", Canales: "8", PoE: "Sí", Audio: "No" });
  });

  it("accepts a list of name/value pairs", () => {
    expect(
      product({ id: 1, especificaciones: [{ nombre: "Lente", valor: "2.8 mm" }, { x: 1 }] })
        .specifications,
    ).toEqual({ Lente: "2.8 mm" });
  });

  it("reads features as strings or feature_text", () => {
    const p = product({
      id: 1,
      features: ["IP67", { feature_text: "H.265+" }, { feature_text: "" }, "  ", 5],
    });
    expect(p.features).toEqual(["IP67", "H.265+", "5"]);
    expect(product({ id: 1, features: "IP67" }).features).toEqual([]);
  });
});

describe("normalizeProduct: stock", () => {
  it.each([
    [{ total_existencia: 12 }, 12],
    [{ existencia_total: "7" }, 7],
    [{ existencia: 3 }, 3],
    [{ total_existencia: -4 }, 0],
    [{ total_existencia: "muchas" }, 0],
    [{ total_existencia: 2.9 }, 2],
    [{}, 0],
    [{ total_existencia: null, existencia: 5 }, 5],
    [{ total_existencia: 1, existencia_total: 50, existencia: 60 }, 1],
  ])("reads stock from %j", (raw, stock) => {
    expect(product({ id: 1, ...raw }).stock).toBe(stock);
  });

  it("derives the flags from the stock", () => {
    expect(product({ id: 1, existencia: 0 })).toMatchObject({
      available: false,
      popular: false,
      runningLow: false,
    });
    expect(product({ id: 1, existencia: 2 })).toMatchObject({
      available: true,
      popular: true,
      runningLow: true,
    });
    expect(product({ id: 1, existencia: 5 })).toMatchObject({
      available: true,
      popular: true,
      runningLow: false,
    });
    expect(product({ id: 1, existencia: 6 })).toMatchObject({
      available: true,
      popular: false,
      runningLow: false,
    });
  });
});

describe("normalizeProduct: prices", () => {
  it("rounds numbers and numeric strings to integer pesos", () => {
    expect(product({ id: 1, precio: 199999.5 }).price).toBe(200000);
    expect(product({ id: 1, precio: "149900.49" }).price).toBe(149900);
    expect(product({ id: 1, precio_lista: "250000" }).listPrice).toBe(250000);
  });

  it("keeps price null when absent or junk, and 0 as 0", () => {
    expect(product({ id: 1 }).price).toBeNull();
    expect(product({ id: 1, precio: "consultar" }).price).toBeNull();
    expect(product({ id: 1, precio: -5 }).price).toBeNull();
    expect(product({ id: 1, precio: 0 }).price).toBe(0);
    expect(product({ id: 1, precio: "0" }).price).toBe(0);
  });

  it("sells at precio_descuentos when it is positive, else at precio", () => {
    expect(product({ id: 1, precio: 100000, precio_descuentos: 90000 }).price).toBe(90000);
    expect(product({ id: 1, precio: 100000, precio_descuentos: 0 }).price).toBe(100000);
    expect(product({ id: 1, precio: 100000, precio_descuentos: "n/a" }).price).toBe(100000);
    expect(product({ id: 1, precio_descuentos: "89990.7" }).price).toBe(89991);
    expect(product({ id: 1, precio_descuentos: 0 }).price).toBe(0);
  });

  it("keeps listPrice only when positive", () => {
    expect(product({ id: 1, precio_lista: 0 }).listPrice).toBeNull();
    expect(product({ id: 1, precio_lista: -1 }).listPrice).toBeNull();
    expect(product({ id: 1, precio_lista: "abc" }).listPrice).toBeNull();
    expect(product({ id: 1 }).listPrice).toBeNull();
  });
});

describe("normalizeProduct: last change", () => {
  it("reads fecha_actualizacion, else updated_at, as a UTC instant", () => {
    expect(product({ id: 1, fecha_actualizacion: "2025-06-14T15:32:00-05:00" }).updatedAt).toBe(
      "2025-06-14T20:32:00.000Z",
    );
    expect(product({ id: 1, updated_at: "2024-12-31T23:59:59Z" }).updatedAt).toBe(
      "2024-12-31T23:59:59.000Z",
    );
    expect(
      product({ id: 1, fecha_actualizacion: "2025-01-02", updated_at: "2024-01-01" }).updatedAt,
    ).toBe("2025-01-02T00:00:00.000Z");
  });

  it("is null when the API does not say or says something that is not a date", () => {
    expect(product({ id: 1 }).updatedAt).toBeNull();
    for (const junk of ["", "ayer", "2025-02-30", "2025-13-01", "14/06/2025", 1718379120, null])
      expect(product({ id: 1, fecha_actualizacion: junk }).updatedAt).toBeNull();
  });

  it("reads a date-time without offset as Colombian time", () => {
    expect(toInstant("2025-06-14 15:32")).toBe("2025-06-14T20:32:00.000Z");
    expect(toInstant("2025-06-14T15:32:00+0100")).toBe("2025-06-14T14:32:00.000Z");
  });

  it("answers a text read before as the first time, and reads a long text as any other", () => {
    for (let round = 0; round < 2; round++) {
      expect(toInstant("2025-06-14 15:32")).toBe("2025-06-14T20:32:00.000Z");
      expect(toInstant("2025-02-30")).toBeNull();
    }
    expect(toInstant(`2025-06-14T15:32:00.${"1".repeat(70)}Z`)).toBe("2025-06-14T15:32:00.111Z");
    expect(toInstant(`${"9".repeat(70)}`)).toBeNull();
  });
});

describe("number helpers", () => {
  it("parses only real numbers", () => {
    expect(toNumber(" 12.5 ")).toBe(12.5);
    expect(toNumber("1e3")).toBeNull();
    expect(toNumber("12abc")).toBeNull();
    expect(toNumber("")).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
    expect(toNumber(Infinity)).toBeNull();
    expect(toNumber(true)).toBeNull();
    expect(toPrice(0.4)).toBe(0);
    expect(toStock("3.7")).toBe(3);
  });
});

describe("lists and responses", () => {
  it("normalises lists, dropping non-products and duplicate ids", () => {
    const list = normalizeProducts([
      { id: 1, titulo: "A" },
      { titulo: "sin id" },
      null,
      { producto_id: 1, titulo: "B" },
      { id: 2 },
    ]);
    expect(list.map((p) => [p.id, p.title])).toEqual([
      ["1", "A"],
      ["2", null],
    ]);
    expect(normalizeProducts({ productos: [] })).toEqual([]);
  });

  it("keeps what lists show, and leaves the supplier HTML, specifications and features to the product's own page", () => {
    const raw = {
      id: 7,
      titulo: "Cámara IP",
      descripcion: "Domo 4 MP",
      descripcion_larga: "<p>Lente 2.8 mm</p>",
      especificaciones: { Resolución: "4 MP" },
      features: ["IP67"],
      precio: 100_000,
      existencia_total: 4,
      imagenes: ["/a.jpg"],
    };
    const [listed] = normalizeProducts([raw]);
    const detail = productFromDetail({ producto: raw });
    expect(detail).toMatchObject({
      descriptionHtml: "<p>Lente 2.8 mm</p>",
      specifications: { Resolución: "4 MP" },
      features: ["IP67"],
    });
    expect(listed).toEqual({
      ...detail,
      descriptionHtml: null,
      specifications: {},
      features: [],
    });
    expect(listed).toMatchObject({ title: "Cámara IP", description: "Domo 4 MP", price: 100_000 });
  });

  it("reads a detail response nested or direct", () => {
    expect(productFromDetail({ producto: { producto_id: 9, titulo: "X" } })?.id).toBe("9");
    expect(productFromDetail({ id: 9 })?.id).toBe("9");
    expect(productFromDetail({ error: "x" })).toBeNull();
    expect(productFromDetail({})).toBeNull();
  });

  it("finds a list under the first matching field or as the body", () => {
    expect(listFrom([1, 2], "productos")).toEqual([1, 2]);
    expect(listFrom({ results: [3] }, "productos", "results")).toEqual([3]);
    expect(listFrom({ productos: "x", results: [3] }, "productos", "results")).toEqual([3]);
    expect(listFrom({}, "productos")).toEqual([]);
    expect(listFrom("<html>", "productos")).toEqual([]);
  });

  it("reads the price call", () => {
    expect(priceFromBody({ id: "1", precio: 1234.56 })).toBe(1235);
    expect(priceFromBody({ id: "1", precio: "99999.5" })).toBe(100000);
    expect(priceFromBody({ id: "1", precio: null })).toBeNull();
    expect(priceFromBody({ id: "1", precio: 0 })).toBe(0);
    expect(priceFromBody({})).toBeNull();
    expect(priceFromBody(null)).toBeNull();
  });
});

describe("categories", () => {
  it("normalises the API's category", () => {
    expect(
      normalizeCategory({
        id: 22,
        nombre: "Videovigilancia",
        nivel: 1,
        padre_id: null,
        total_productos: "3100",
      }),
    ).toEqual({
      id: "22",
      name: "Videovigilancia",
      level: 1,
      parentId: null,
      productCount: 3100,
    });
    expect(normalizeCategory({ id: 301, nombre: "Domos", nivel: 3, padre_id: 220 })).toMatchObject({
      parentId: "220",
      productCount: null,
    });
    expect(normalizeCategory({ id: 5 })?.name).toBe("Categoría 5");
    expect(normalizeCategory({ nombre: "sin id" })).toBeNull();
  });

  it("drops junk and duplicates and sorts by Spanish name", () => {
    const list = normalizeCategories([
      { id: 1, nombre: "Redes" },
      { id: 2, nombre: "Energía" },
      { id: 3, nombre: "Ácido" },
      { id: 4, nombre: "Cableado" },
      { id: 1, nombre: "Redes (otra)" },
      "x",
    ]);
    expect(sortCategoriesByName(list).map((c) => c.name)).toEqual([
      "Ácido",
      "Cableado",
      "Energía",
      "Redes",
    ]);
  });

  it("builds the placeholder for an unknown category", () => {
    expect(placeholderCategory("999")).toEqual({
      id: "999",
      name: "Categoría 999",
      level: null,
      parentId: null,
      productCount: null,
    });
  });
});

describe("brands and featured entries", () => {
  it("normalises brands", () => {
    expect(
      normalizeBrands([
        { id: 1, nombre: "Hikvision", imagen: "/logos/hik.png" },
        { nombre: "Axis" },
        { id: 3 },
        7,
      ]),
    ).toEqual([
      { id: "1", name: "Hikvision", image: "/logos/hik.png" },
      { id: "Axis", name: "Axis", image: null },
    ]);
  });

  it("reads featured entries and drops incomplete ones", () => {
    expect(
      normalizeFeaturedEntries({
        productos: [
          { id: 10, categoria: 22 },
          { id: "11", categoria: "37" },
          { id: 12 },
          { categoria: 22 },
          { id: 10, categoria: 30 },
        ],
      }),
    ).toEqual([
      { id: "10", categoryId: "22" },
      { id: "11", categoryId: "37" },
    ]);
    expect(normalizeFeaturedEntries({})).toEqual([]);
    expect(normalizeFeaturedEntries([{ id: 1, categoria: 2 }])).toEqual([
      { id: "1", categoryId: "2" },
    ]);
  });
});

describe("texts many products repeat", () => {
  it("are held once: two products of one category share its reference", () => {
    const raw = (id: string) => ({
      id,
      titulo: `Producto ${id}`,
      marca: "Hikvision",
      categorias: [{ id: "22", nombre: "Videovigilancia", nivel: 1 }],
    });
    const [a, b] = normalizeProducts(JSON.parse(JSON.stringify([raw("1"), raw("2")])));
    expect(a.categories[0]).toEqual({ id: "22", name: "Videovigilancia", level: 1 });
    expect(a.categories[0]).toBe(b.categories[0]);
    expect(a.brand).toBe("Hikvision");
  });

  it("keep a category's other name or level as a reference of its own", () => {
    const refs = [
      { id: "23", nombre: "Redes", nivel: 1 },
      { id: "23", nombre: "Redes y WiFi", nivel: 1 },
      { id: "23", nombre: "Redes", nivel: 2 },
      { id: "23", nombre: "Redes", nivel: 1 },
    ];
    const [a, b, c, d] = normalizeProducts(refs.map((ref, i) => ({ id: i, categorias: [ref] })));
    expect([a, b, c].map((p) => p.categories[0])).toEqual([
      { id: "23", name: "Redes", level: 1 },
      { id: "23", name: "Redes y WiFi", level: 1 },
      { id: "23", name: "Redes", level: 2 },
    ]);
    expect(d.categories[0]).toBe(a.categories[0]);
  });
});
