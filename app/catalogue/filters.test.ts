import { describe, expect, it } from "vitest";
import {
  brandsOf,
  FILTER_NAMES,
  FILTERS,
  type FilterName,
  filteredListing,
  filterProducts,
  hasActiveFilters,
  matchesPrice,
  matchesText,
  parseFilters,
  parsePrice,
  sortedListing,
  sortProducts,
  type CatalogueFilters,
  type SortKey,
} from "./filters";
import { makeProduct } from "~/merchant-api/product.fixtures";

const none: CatalogueFilters = {
  text: "",
  brand: "",
  minPrice: null,
  maxPrice: null,
  sort: "relevancia",
  view: "grid",
  page: 1,
};

describe("parseFilters", () => {
  it("reads every parameter", () => {
    const { filters, errors } = parseFilters(
      new URLSearchParams(
        "texto=domo&marca=Hikvision&precio_min=100.000&precio_max=$ 2.000.000&orden=nombre&vista=lista&pagina=3",
      ),
    );
    expect(filters).toEqual({
      text: "domo",
      brand: "Hikvision",
      minPrice: 100_000,
      maxPrice: 2_000_000,
      sort: "nombre",
      view: "list",
      page: 3,
    });
    expect(errors).toEqual({});
  });

  it("defaults for missing or unknown values", () => {
    const { filters } = parseFilters(new URLSearchParams("orden=raro&vista=mosaico&pagina=-2"));
    expect(filters).toEqual(none);
  });

  it("reports and ignores a price it cannot read, keeping what was typed", () => {
    const { filters, errors, raw } = parseFilters(
      new URLSearchParams("precio_min=abc&precio_max=12x"),
    );
    expect(filters.minPrice).toBeNull();
    expect(filters.maxPrice).toBeNull();
    expect(errors.minPrice).toBe(
      "Escribe el precio mínimo en pesos, por ejemplo 800.000 o 800.000,00.",
    );
    expect(errors.maxPrice).toBe(
      "Escribe el precio máximo en pesos, por ejemplo 800.000 o 800.000,00.",
    );
    expect(raw.minPrice).toBe("abc");
  });

  it("reads '800.000,00' as eight hundred thousand pesos, not as a mistake", () => {
    const { filters, errors } = parseFilters(
      new URLSearchParams("precio_min=300.000,00&precio_max=800.000,00"),
    );
    expect(errors).toEqual({});
    expect([filters.minPrice, filters.maxPrice]).toEqual([300_000, 800_000]);
  });

  it("rounds centavos inward: the same whole-peso prices stay inside", () => {
    const { filters } = parseFilters(
      new URLSearchParams("precio_min=1.000,50&precio_max=2.000,99"),
    );
    expect([filters.minPrice, filters.maxPrice]).toEqual([1001, 2000]);
  });

  it("swaps a minimum above the maximum, says so, and shows the bounds swapped", () => {
    const { filters, errors, raw, notice } = parseFilters(
      new URLSearchParams("precio_min=800.000&precio_max=300.000"),
    );
    expect([filters.minPrice, filters.maxPrice]).toEqual([300_000, 800_000]);
    expect(errors).toEqual({});
    expect([raw.minPrice, raw.maxPrice]).toEqual(["300.000", "800.000"]);
    expect(notice).toBe("El precio mínimo era mayor que el máximo: los intercambiamos.");
    expect(parseFilters(new URLSearchParams("precio_min=1&precio_max=2")).notice).toBeNull();
  });

  it("knows when a filter narrows the list", () => {
    expect(hasActiveFilters(none)).toBe(false);
    expect(hasActiveFilters({ ...none, sort: "nombre", page: 4 })).toBe(false);
    expect(hasActiveFilters({ ...none, minPrice: 0 })).toBe(true);
    expect(hasActiveFilters({ ...none, brand: "Ajax" })).toBe(true);
  });
});

describe("matchesText: every word in title, model, sku, brand or description", () => {
  const p = makeProduct({
    title: "Cámara Domo",
    model: "DS-2CD1143",
    sku: "HIK-001",
    brand: "Hikvision",
    description: "Visión nocturna",
  });
  it.each([
    ["camara", true],
    ["CÁMARA domo", true],
    ["domo hikvision", true],
    ["2cd1143", true],
    ["hik 001", true],
    ["vision nocturna", true],
    ["camara bala", false],
    ["", true],
  ])("%j → %s", (text, expected) => {
    expect(matchesText(p, text)).toBe(expected);
  });

  it("never matches a word across two fields", () => {
    const split = makeProduct({ title: "Kit ab", model: "cd-1" });
    expect(matchesText(split, "abcd")).toBe(false);
    expect(matchesText(split, "ab cd")).toBe(true);
  });

  it("filterProducts keeps what matchesText keeps", () => {
    const list = [
      p,
      makeProduct({ id: "2", title: "Cámara Bala", brand: "Dahua" }),
      makeProduct({ id: "3", description: "Domo para cámara" }),
    ];
    for (const text of ["camara", "CÁMARA domo", "dahua bala", "hik", "nada"]) {
      expect(filterProducts(list, { ...none, text })).toEqual(
        list.filter((x) => matchesText(x, text)),
      );
    }
  });
});

describe("matchesPrice", () => {
  it("is inclusive at both bounds", () => {
    const p = makeProduct({ price: 1000, stock: 1 });
    expect(matchesPrice(p, 1000, 1000)).toBe(true);
    expect(matchesPrice(p, 1001, null)).toBe(false);
    expect(matchesPrice(p, null, 999)).toBe(false);
  });
  it("leaves out a product without a price or out of stock once a bound is set", () => {
    expect(matchesPrice(makeProduct({ price: null }), 5000, 10_000)).toBe(false);
    expect(matchesPrice(makeProduct({ price: 0 }), null, 10)).toBe(false);
    expect(matchesPrice(makeProduct({ price: 8000, stock: 0 }), 5000, null)).toBe(false);
    expect(matchesPrice(makeProduct({ price: 8000, stock: 2 }), 5000, null)).toBe(true);
  });
  it("leaves everything in without bounds", () => {
    expect(matchesPrice(makeProduct({ price: null, stock: 0 }), null, null)).toBe(true);
  });
});

describe("parsePrice", () => {
  it.each([
    ["800.000,00", 800_000],
    ["800.000", 800_000],
    ["$ 1.500.000", 1_500_000],
    ["800000", 800_000],
    ["1,500,000.00", 1_500_000],
    ["1,500,000", 1_500_000],
    ["800.000,5", 800_000.5],
    ["COP 250.000", 250_000],
    ["250.000 pesos", 250_000],
    ["", null],
    ["  ", null],
  ])("reads %j", (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });
  it.each(["abc", "1.5.00", "1.500,000", "1.500.000.000,000", "80.00.000", "1,500.000,00", "-5"])(
    "refuses %j",
    (text) => {
      expect(parsePrice(text)).toBe("invalid");
    },
  );
});

describe("filterProducts", () => {
  const a = makeProduct({ id: "a", title: "Sirena", brand: "Ajax", price: 50_000, stock: 3 });
  const b = makeProduct({
    id: "b",
    title: "Sirena exterior",
    brand: "Dahua",
    price: 150_000,
    stock: 3,
  });
  const c = makeProduct({ id: "c", title: "Sirena sin precio", brand: "AJAX", price: null });
  it("combines text, brand (exact, any case) and price", () => {
    expect(filterProducts([a, b, c], { ...none, brand: "ájax" }).map((p) => p.id)).toEqual([
      "a",
      "c",
    ]);
    expect(filterProducts([a, b, c], { ...none, minPrice: 100_000 }).map((p) => p.id)).toEqual([
      "b",
    ]);
    expect(
      filterProducts([a, b, c], { ...none, text: "sirena exterior" }).map((p) => p.id),
    ).toEqual(["b"]);
    expect(filterProducts([a, b, c], { ...none, brand: "Aja" })).toEqual([]);
  });

  it("keeps a brand's products, read from the list's brand index, as the brand test does", () => {
    const list = [
      a,
      makeProduct({ id: "none", brand: "" }),
      b,
      makeProduct({ id: "marks", brand: "¡¡!!" }),
      c,
      makeProduct({ id: "ajax-dear", brand: " Ájax ", price: 900_000, stock: 1 }),
    ];
    const tested = (brand: string, others: Partial<CatalogueFilters> = {}) => {
      const keeps = FILTERS.brand.keeps(brand);
      return filterProducts(list, { ...none, ...others }).filter(keeps);
    };
    for (const [brand, others] of [
      ["Ajax", {}],
      ["AJAX", { maxPrice: 100_000 }],
      ["dahua", { text: "exterior" }],
      ["Bosch", {}],
      // No letter or digit: the brands without one, as the test keeps them.
      ["!", {}],
    ] as const) {
      const kept = filterProducts(list, { ...none, ...others, brand });
      expect(kept.map((p) => p.id)).toEqual(tested(brand, others).map((p) => p.id));
    }
    expect(filterProducts(list, { ...none, brand: "ajax" }).map((p) => p.id)).toEqual([
      "a",
      "c",
      "ajax-dear",
    ]);
    expect(filterProducts(list, { ...none, brand: "!" }).map((p) => p.id)).toEqual([
      "none",
      "marks",
    ]);
  });
});

describe("sortProducts", () => {
  const cheap = makeProduct({ id: "cheap", title: "Zócalo", price: 10 });
  const dear = makeProduct({ id: "dear", title: "árbol", price: 99 });
  const free = makeProduct({ id: "noprice", title: "Bala", price: null });
  const list = [free, dear, cheap];
  it("by price, products without a price last", () => {
    expect(sortProducts(list, "precio-asc").map((p) => p.id)).toEqual(["cheap", "dear", "noprice"]);
    expect(sortProducts(list, "precio-desc").map((p) => p.id)).toEqual([
      "dear",
      "cheap",
      "noprice",
    ]);
  });
  it("by name in Spanish order (accents do not push a name to the end)", () => {
    expect(sortProducts(list, "nombre").map((p) => p.id)).toEqual(["dear", "noprice", "cheap"]);
  });
  it("by relevance: API order without a query, relevance score with one", () => {
    expect(sortProducts(list, "relevancia").map((p) => p.id)).toEqual(["noprice", "dear", "cheap"]);
    expect(sortProducts(list, "relevancia", "zocalo")[0].id).toBe("cheap");
  });
  it("by relevance: best score first, ties in the API's order", () => {
    const tie1 = makeProduct({ id: "tie1", description: "con bala" }); // 30
    const best = makeProduct({ id: "best", title: "Bala IR" }); // 1500 + 150
    const tie2 = makeProduct({ id: "tie2", description: "tipo bala" }); // 30
    const none = makeProduct({ id: "none", title: "Domo" }); // 0
    expect(sortProducts([tie1, none, best, tie2], "relevancia", "BALA").map((p) => p.id)).toEqual([
      "best",
      "tie1",
      "tie2",
      "none",
    ]);
  });
  it("does not change the input", () => {
    sortProducts(list, "nombre");
    expect(list.map((p) => p.id)).toEqual(["noprice", "dear", "cheap"]);
  });
});

describe("sortedListing", () => {
  // Ties on purpose (equal prices, equal titles, no price): the order must still be the
  // list's own among them, as sorting the filtered list would give.
  const list = [
    makeProduct({ id: "a", title: "Domo", brand: "Ajax", price: 500 }),
    makeProduct({ id: "b", title: "bala", brand: "Dahua", price: null }),
    makeProduct({ id: "c", title: "Ábaco", brand: "Ajax", price: 100 }),
    makeProduct({ id: "d", title: "domo", brand: "Dahua", price: 500 }),
    makeProduct({ id: "e", title: "Cable", brand: "Ajax", price: 0 }),
    makeProduct({ id: "f", title: "Bala", brand: "Ajax", price: 100 }),
  ];
  const sorts: SortKey[] = ["relevancia", "precio-asc", "precio-desc", "nombre"];

  it("filtered after sorting gives what sorting the filtered list gives", () => {
    for (const sort of sorts) {
      for (const filters of [
        { ...none, sort },
        { ...none, sort, brand: "ajax" },
        { ...none, sort, minPrice: 100, maxPrice: 400 },
      ]) {
        expect(filterProducts(sortedListing(list, sort), filters).map((p) => p.id)).toEqual(
          sortProducts(filterProducts(list, filters), sort).map((p) => p.id),
        );
      }
    }
  });

  it("sorts a list once per order", () => {
    expect(sortedListing(list, "nombre")).toBe(sortedListing(list, "nombre"));
    expect(sortedListing(list, "relevancia")).toBe(list);
    expect(sortedListing([...list], "nombre")).not.toBe(sortedListing(list, "nombre"));
  });
});

describe("filteredListing", () => {
  const list = [
    makeProduct({ id: "a", title: "Cámara domo", brand: "Ajax", price: 500 }),
    makeProduct({ id: "b", title: "Grabador", brand: "Dahua", price: 300 }),
    makeProduct({ id: "c", title: "Micrófono para cámara", brand: "Ajax", price: 100 }),
    makeProduct({ id: "d", title: "Cámara bala", brand: "Dahua", price: null }),
  ];
  const ids = (products: readonly { id: string }[]) => products.map((p) => p.id);

  it("filters in the sort's order, and ranks by the query under 'relevancia'", () => {
    expect(ids(filteredListing(list, { ...none, sort: "precio-asc" }, ""))).toEqual([
      "c",
      "b",
      "a",
      "d",
    ]);
    expect(ids(filteredListing(list, { ...none, brand: "ajax" }, ""))).toEqual(["a", "c"]);
    // The list's search term ranks without filtering: 'Micrófono para cámara' holds the word
    // too, but scores below the titles that start with it.
    expect(ids(filteredListing(list, none, "camara"))).toEqual(["a", "d", "c", "b"]);
    expect(ids(filteredListing(list, { ...none, text: "camara" }, "camara"))).toEqual(
      ids(sortProducts(filterProducts(list, { ...none, text: "camara" }), "relevancia", "camara")),
    );
  });

  /** A value of each filter that narrows `list`: a new filter must say one. */
  const NARROWING: Record<FilterName, string> = {
    text: "grabador",
    brand: "dahua",
    minPrice: "400",
    maxPrice: "200",
  };

  it.each(FILTER_NAMES)("narrows by %s, which counts as active and keys the memo", (name) => {
    const params = new URLSearchParams({ [FILTERS[name].param]: NARROWING[name] });
    const { filters, errors } = parseFilters(params);
    expect(errors).toEqual({});
    expect(hasActiveFilters(filters)).toBe(true);
    const narrowed = filterProducts(list, filters);
    expect(narrowed.length).toBeLessThan(list.length);
    // The unfiltered list is in the memo first: a key without the filter would give it back.
    filteredListing(list, none, "");
    expect(ids(filteredListing(list, filters, ""))).toEqual(ids(narrowed));
  });

  it("keeps the last combinations of a list, and nothing of another list", () => {
    const ajax = { ...none, brand: "ajax" };
    const first = filteredListing(list, ajax, "");
    expect(filteredListing(list, ajax, "")).toBe(first);
    expect(filteredListing(list, { ...ajax, sort: "nombre" }, "")).not.toBe(first);
    expect(filteredListing([...list], ajax, "")).not.toBe(first);
    // Sixteen other combinations push the first one out; it is made again, the same.
    for (let min = 1; min <= 16; min++) filteredListing(list, { ...none, minPrice: min }, "");
    const again = filteredListing(list, ajax, "");
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe("brandsOf", () => {
  it("lists each brand once, in Spanish order, skipping blanks", () => {
    const products = [
      makeProduct({ brand: "Zkteco" }),
      makeProduct({ brand: "ajax" }),
      makeProduct({ brand: "Ájax" }),
      makeProduct({ brand: null }),
      makeProduct({ brand: "  " }),
      makeProduct({ brand: "Dahua" }),
    ];
    expect(brandsOf(products)).toEqual(["ajax", "Dahua", "Zkteco"]);
  });

  it("gives each caller its own copy of a list's brands", () => {
    const products = [makeProduct({ brand: "Dahua" }), makeProduct({ brand: "Ajax" })];
    brandsOf(products).push("Otra");
    expect(brandsOf(products)).toEqual(["Ajax", "Dahua"]);
  });
});
