/**
 * The server writes a product card as a string (card-html.ts, docs/decisions/0660) and the
 * browser hydrates the React card over it: the two must be the same markup, byte for byte, in
 * every state a card has.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { CardProduct } from "~/merchant-api/product";
import { cardInnerHtml } from "./card-html";
import { ProductCard, ProductCardView } from "./ProductCard";
import styles from "./ProductCard.module.css";

// Shows that the server's card is the string (the markup alone cannot tell).
vi.mock("./card-html", async (importOriginal) => {
  const real = await importOriginal<typeof import("./card-html")>();
  return { ...real, cardInnerHtml: vi.fn(real.cardInnerHtml) };
});

/** The markup of `element` on the page at `at`, inside a router. */
function rendered(element: ReactElement, at: string) {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[at]} />);
}

const base: CardProduct = {
  id: "18433",
  title: "Panel de Alarma Híbrido de 32 zonas",
  model: "SP6000",
  sku: "SP6000-SKU",
  brand: "Paradox",
  images: ["/sandbox/img/productos/18433-1.svg"],
  stock: 271,
  price: 420_600,
  listPrice: null,
};

const cards: Array<[string, CardProduct, { view?: "grid" | "list"; distinguish?: boolean }]> = [
  ["priced, in stock", base, {}],
  ["a list price above the price", { ...base, listPrice: 512_300 }, {}],
  ["a list price below the price (not shown)", { ...base, listPrice: 100 }, {}],
  ["no price: ask for it", { ...base, price: null }, {}],
  ["price 0: ask for it", { ...base, price: 0, stock: 0 }, {}],
  ["no stock", { ...base, stock: 0 }, {}],
  ["popular and running low", { ...base, stock: 2 }, {}],
  ["popular", { ...base, stock: 5 }, {}],
  ["one unit", { ...base, stock: 1 }, {}],
  [
    "no picture, brand, model or title",
    { ...base, images: [], brand: null, model: null, title: null },
    {},
  ],
  ["an empty picture address", { ...base, images: [""] }, {}],
  ["told apart by its model", base, { distinguish: true }],
  ["told apart by its SKU", { ...base, model: null }, { distinguish: true }],
  ["in the list view", base, { view: "list" }],
  [
    "text that must be escaped",
    {
      ...base,
      id: "9&1",
      title: `Cámara "domo" <4K> & 'PoE'`,
      brand: "A&B <Marca>",
      model: `M"1'<>&`,
      images: [`/img/a.svg?x=1&y="2"`],
    },
    { distinguish: true },
  ],
];

describe("the product card the server writes", () => {
  it.each(cards)("is the React card's markup: %s", (_, product, props) => {
    for (const at of ["/producto/1", "/productos?categoria=22&marca=A%26B&orden=nombre"]) {
      const view = rendered(<ProductCardView product={product} {...props} />, at);
      expect(rendered(<ProductCard product={product} {...props} />, at)).toBe(view);
      // Each card's ids are its own, and the post without JavaScript comes back to it.
      expect(view).toContain(`id="producto-${product.id.replace("&", "&amp;")}"`);
      expect(view).toContain(`value="${at.replaceAll("&", "&amp;")}#producto-`);
    }
  });

  it("is the string, not React's render of the card", () => {
    const write = vi.mocked(cardInnerHtml);
    write.mockClear();
    const html = rendered(<ProductCard product={base} distinguish />, "/productos?pagina=2");
    expect(write).toHaveBeenCalledExactlyOnceWith(base, {
      distinguish: true,
      returnTo: "/productos?pagina=2",
    });
    expect(html).toContain(`<article id="producto-18433" class="${styles.card}">`);
  });
});
