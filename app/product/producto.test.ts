/**
 * The product page's upstream calls (docs/decisions/0710): price and datasheet are asked alongside
 * the product's read when a list already gave its sku, and after it otherwise.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getAccessories,
  getProduct,
  getRelatedProducts,
  listedProduct,
  pdfExists,
  withCurrentPrices,
} from "~/merchant-api/client.server";
import type { Product } from "~/merchant-api/product";
import { makeProduct } from "~/merchant-api/product.fixtures";
import { loader } from "./producto";

vi.mock("~/merchant-api/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/merchant-api/client.server")>();
  return {
    ...original,
    getProduct: vi.fn(),
    listedProduct: vi.fn(),
    withCurrentPrices: vi.fn(),
    pdfExists: vi.fn(),
    getRelatedProducts: vi.fn(),
    getAccessories: vi.fn(),
  };
});

const read = vi.mocked(getProduct);
const listed = vi.mocked(listedProduct);
const prices = vi.mocked(withCurrentPrices);
const datasheet = vi.mocked(pdfExists);

type LoaderArgs = Parameters<typeof loader>[0];
const args = {
  params: { productId: "7" },
  request: new Request("http://tienda.test/producto/7"),
  context: {},
} as unknown as LoaderArgs; // the loader reads only these

/** The product's read, answered when the test says. */
function productReadLater() {
  let answer: (product: Product) => void = () => {};
  read.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  return (product: Product) => answer(product);
}

function answerCalls(skusWithDatasheet: string[]) {
  prices.mockImplementation(async (list) => list.map((p) => ({ ...p, price: 2_500_000 })));
  datasheet.mockImplementation(async (sku) => skusWithDatasheet.includes(sku));
  vi.mocked(getRelatedProducts).mockResolvedValue([]);
  vi.mocked(getAccessories).mockResolvedValue([]);
}

const domo = makeProduct({ id: "7", title: "Domo", sku: "DS-2CD", price: 1_000 });

afterEach(() => {
  vi.clearAllMocks();
});

describe("the product page's calls", () => {
  it("asks price and datasheet alongside the product's read when a list gave its sku", async () => {
    answerCalls(["DS-2CD"]);
    listed.mockReturnValue(domo);
    const answer = productReadLater();
    const loaded = loader(args);
    await Promise.resolve();

    // Both already asked, before the product's read is in.
    expect(prices).toHaveBeenCalledWith([domo]);
    expect(datasheet).toHaveBeenCalledWith("DS-2CD");
    answer(domo);
    const data = await loaded;
    expect(data.product.price).toBe(2_500_000);
    expect(data.hasDatasheet).toBe(true);
  });

  it("asks the datasheet anew with the sku the product's read gives when it changed", async () => {
    answerCalls(["DS-2CD-B"]);
    listed.mockReturnValue(domo);
    const answer = productReadLater();
    const loaded = loader(args);
    answer({ ...domo, sku: "DS-2CD-B" });
    const data = await loaded;
    expect(datasheet).toHaveBeenLastCalledWith("DS-2CD-B");
    expect(data.hasDatasheet).toBe(true);
  });

  it("waits for the product's read when no list gave it", async () => {
    answerCalls(["DS-2CD"]);
    listed.mockReturnValue(undefined);
    const answer = productReadLater();
    const loaded = loader(args);
    await Promise.resolve();

    expect(prices).not.toHaveBeenCalled();
    expect(datasheet).not.toHaveBeenCalled();
    answer(domo);
    const data = await loaded;
    expect(datasheet).toHaveBeenCalledWith("DS-2CD");
    expect(data.product.price).toBe(2_500_000);
  });
});
