import { describe, expect, it } from "vitest";
import type { Product } from "~/merchant-api/product";
import { breadcrumbJsonLd, productBreadcrumb, productJsonLd } from "./structured-data";

function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: "123",
    title: "Cámara bala IP 4 MP",
    model: "DS-2CD1043G2",
    sku: "DS2CD1043G2",
    brand: "HIKVISION",
    categoryId: "22",
    categoryName: "Videovigilancia",
    subcategory: null,
    categories: [],
    images: ["/sandbox/img/123-1.svg", "https://cdn.example.com/123-2.jpg"],
    description: null,
    descriptionHtml: null,
    specifications: {},
    features: [],
    stock: 7,
    price: 250_000,
    listPrice: null,
    available: true,
    popular: false,
    runningLow: false,
    updatedAt: null,
    ...overrides,
  };
}

const origin = "https://tienda.example.co";

describe("productBreadcrumb", () => {
  it("goes Inicio > category > subcategory > title", () => {
    const crumbs = productBreadcrumb(
      makeProduct({
        subcategory: "209",
        categories: [{ id: "209", name: "Cámaras IP", level: 2 }],
      }),
    );
    expect(crumbs).toEqual([
      { label: "Inicio", to: "/" },
      { label: "Videovigilancia", to: "/categoria/22" },
      { label: "Cámaras IP", to: "/categoria/22/209" },
      { label: "Cámara bala IP 4 MP" },
    ]);
  });

  it("falls back to the top category name and the untitled label", () => {
    const crumbs = productBreadcrumb(
      makeProduct({ categoryId: "37", categoryName: null, title: null }),
    );
    expect(crumbs[1]).toEqual({ label: "Control de Acceso", to: "/categoria/37" });
    expect(crumbs.at(-1)).toEqual({ label: "Producto sin título" });
  });

  it("leaves the category out when the product has none", () => {
    const crumbs = productBreadcrumb(makeProduct({ categoryId: null, subcategory: "5" }));
    expect(crumbs.map((c) => c.label)).toEqual(["Inicio", "Cámara bala IP 4 MP"]);
  });
});

describe("productJsonLd", () => {
  const opts = { origin, path: "/producto/123", description: "Cámara IP", sellerName: "Tienda" };

  it("describes an in-stock product with a COP offer and absolute images", () => {
    const ld = productJsonLd(makeProduct(), opts);
    expect(ld).toMatchObject({
      "@type": "Product",
      // Brand and model tell it from other products with the same title.
      name: "Cámara bala IP 4 MP HIKVISION DS-2CD1043G2",
      sku: "DS2CD1043G2",
      mpn: "DS-2CD1043G2",
      brand: { "@type": "Brand", name: "HIKVISION" },
      image: [`${origin}/sandbox/img/123-1.svg`, "https://cdn.example.com/123-2.jpg"],
      offers: {
        "@type": "Offer",
        priceCurrency: "COP",
        price: 250000,
        availability: "https://schema.org/InStock",
        url: `${origin}/producto/123`,
      },
    });
  });

  it("marks a product without stock as OutOfStock", () => {
    const ld = productJsonLd(makeProduct({ stock: 0, available: false }), opts);
    expect(ld.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  it("has no offer when there is no positive price", () => {
    expect(productJsonLd(makeProduct({ price: null }), opts)).not.toHaveProperty("offers");
    expect(productJsonLd(makeProduct({ price: 0 }), opts)).not.toHaveProperty("offers");
  });

  it("omits brand and image when unknown", () => {
    const ld = productJsonLd(makeProduct({ brand: null, images: [] }), opts);
    expect(ld).not.toHaveProperty("brand");
    expect(ld).not.toHaveProperty("image");
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the items and uses the page URL for the last one", () => {
    const ld = breadcrumbJsonLd(
      [
        { label: "Inicio", to: "/" },
        { label: "Videovigilancia", to: "/categoria/22" },
        { label: "Cámara" },
      ],
      origin,
      "/producto/123",
    );
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Inicio", item: `${origin}/` },
      { "@type": "ListItem", position: 2, name: "Videovigilancia", item: `${origin}/categoria/22` },
      { "@type": "ListItem", position: 3, name: "Cámara", item: `${origin}/producto/123` },
    ]);
  });
});
