import { describe, expect, it } from "vitest";
import { cardBadges, onceEach, priceView, sharedTitleIds, stockLabel } from "./product-card";

describe("priceView", () => {
  it("asks for the price when it is missing, zero or negative", () => {
    expect(priceView({ price: null, listPrice: 50_000 })).toEqual({ kind: "ask" });
    expect(priceView({ price: 0, listPrice: null })).toEqual({ kind: "ask" });
    expect(priceView({ price: -5, listPrice: null })).toEqual({ kind: "ask" });
  });

  it("shows the crossed-out list price and the saving only when the list price is higher", () => {
    expect(priceView({ price: 80_000, listPrice: 100_000 })).toEqual({
      kind: "priced",
      price: 80_000,
      listPrice: 100_000,
      saving: 20_000,
      savingPercent: 20,
    });
    expect(priceView({ price: 100_000, listPrice: 100_000 })).toMatchObject({
      listPrice: null,
      saving: 0,
    });
    expect(priceView({ price: 100_000, listPrice: 90_000 })).toMatchObject({
      listPrice: null,
      saving: 0,
    });
    expect(priceView({ price: 100_000, listPrice: null })).toMatchObject({
      listPrice: null,
      saving: 0,
    });
  });
});

describe("stockLabel", () => {
  it("reads 'Stock: N' above zero and 'Sin stock' otherwise", () => {
    expect(stockLabel(12)).toBe("Stock: 12");
    expect(stockLabel(1)).toBe("Stock: 1");
    expect(stockLabel(0)).toBe("Sin stock");
    expect(stockLabel(-3)).toBe("Sin stock");
  });
});

describe("cardBadges", () => {
  const kinds = (stock: number) => cardBadges(stock).map((b) => b.kind);
  it("marks stock 1–5 as popular and 1–3 as running low", () => {
    expect(kinds(0)).toEqual([]);
    expect(kinds(1)).toEqual(["popular", "running-low"]);
    expect(kinds(3)).toEqual(["popular", "running-low"]);
    expect(kinds(4)).toEqual(["popular"]);
    expect(kinds(5)).toEqual(["popular"]);
    expect(kinds(6)).toEqual([]);
  });
  it("labels the running-low badge 'agotándose'", () => {
    expect(cardBadges(2).find((b) => b.kind === "running-low")?.label).toMatch(/agotándose/i);
  });
});

describe("sharedTitleIds", () => {
  it("marks every product whose title another one of the list shares, however it is spelled", () => {
    const ids = sharedTitleIds([
      { id: "1", title: "Detector de Ruptura de Vidrio Acústico, Cableado" },
      { id: "2", title: "Cámara IP Bala" },
      { id: "3", title: "DETECTOR DE RUPTURA DE VIDRIO ACUSTICO CABLEADO" },
      { id: "4", title: null },
      { id: "5", title: null },
      { id: "6", title: "Cámara IP Domo" },
    ]);
    expect([...ids].sort()).toEqual(["1", "3", "4", "5"]);
  });

  it("marks nothing when every title is different", () => {
    expect(
      sharedTitleIds([
        { id: "1", title: "A" },
        { id: "2", title: "B" },
      ]).size,
    ).toBe(0);
  });
});

describe("onceEach", () => {
  it("keeps each product in the first list that has it, in the lists' order", () => {
    const p = (id: string) => ({ id, title: `Producto ${id}` });
    const [accessories, related] = onceEach([p("1"), p("2"), p("1")], [p("3"), p("2"), p("4")]);
    expect(accessories.map((x) => x.id)).toEqual(["1", "2"]);
    expect(related.map((x) => x.id)).toEqual(["3", "4"]);
    expect(onceEach([], [p("5")])).toEqual([[], [p("5")]]);
  });
});
