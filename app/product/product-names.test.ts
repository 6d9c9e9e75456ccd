import { describe, expect, it } from "vitest";
import {
  distinctProductName,
  productMetaDescription,
  productPageTitle,
  productQualifier,
} from "./product-names";
import { TITLE_MAX } from "~/platform/page-meta";

const detector = (brand: string | null, model: string | null) => ({
  title: "Detector de Ruptura de Vidrio Acústico, Cableado, cobertura Hasta 9 m",
  brand,
  model,
  sku: model ? `${model}-CO` : null,
});
const epcom = detector("Epcom", "E-3843-TR");
const ajax = detector("Ajax", "AJ-93MA");
const paradox = detector("Paradox", "SP1135");

describe("productQualifier", () => {
  it("is the brand and model, leaving out what the title already says", () => {
    expect(productQualifier(epcom)).toBe("Epcom E-3843-TR");
    expect(
      productQualifier({
        title: "Cámara Hikvision DS-2CD1043G2-I",
        brand: "HIKVISION",
        model: "DS-2CD1043G2-I",
        sku: null,
      }),
    ).toBe("");
    expect(productQualifier({ title: "Cámara", brand: null, model: null, sku: "ABC-1" })).toBe(
      "ABC-1",
    );
    expect(productQualifier({ title: "Cámara", brand: " ", model: null, sku: null })).toBe("");
  });
});

describe("distinctProductName", () => {
  it("puts brand and model after the noun phrase, before the details", () => {
    expect(distinctProductName(epcom)).toBe(
      "Detector de Ruptura de Vidrio Acústico Epcom E-3843-TR, Cableado, cobertura Hasta 9 m",
    );
    expect(
      distinctProductName({
        title: "Switch PoE",
        brand: "TP-Link",
        model: "TL-SG1005P",
        sku: null,
      }),
    ).toBe("Switch PoE TP-Link TL-SG1005P");
  });

  it("names an untitled product by brand and model", () => {
    expect(distinctProductName({ title: null, brand: "Ajax", model: "AJ-1", sku: null })).toBe(
      "Producto sin título Ajax AJ-1",
    );
  });
});

describe("productPageTitle", () => {
  it("gives three brands' products with one title three different titles, each with brand and model", () => {
    const titles = [epcom, ajax, paradox].map(productPageTitle);
    expect(new Set(titles).size).toBe(3);
    expect(titles).toEqual([
      "Detector de Ruptura de Vidrio Acústico Epcom E-3843-TR",
      // 70 characters: the site name still fits.
      "Detector de Ruptura de Vidrio Acústico Ajax AJ-93MA | SegTel Colombia",
      "Detector de Ruptura de Vidrio Acústico Paradox SP1135",
    ]);
  });

  it("keeps the whole name and the site name when they fit", () => {
    expect(
      productPageTitle({
        title: "Switch PoE, 5 puertos",
        brand: "TP-Link",
        model: "SG1005P",
        sku: null,
      }),
    ).toBe("Switch PoE TP-Link SG1005P, 5 puertos | SegTel Colombia");
    expect(
      productPageTitle({
        title: "Cámara IP Bala 4 MP con IR 30 m, PoE",
        brand: "Dahua",
        model: "IPC-HFW1431S",
        sku: null,
      }),
    ).toBe("Cámara IP Bala 4 MP con IR 30 m Dahua IPC-HFW1431S | SegTel Colombia");
  });

  it("never passes 70 characters and never loses brand or model", () => {
    const long = {
      title:
        "Grabador de Video en Red NVR de 64 canales con 8 bahías para disco duro y analítica avanzada, 4K",
      brand: "Hanwha Vision",
      model: "XRN-6420B2",
      sku: null,
    };
    const title = productPageTitle(long);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title).toMatch(/^Grabador de Video en Red .*… Hanwha Vision XRN-6420B2$/);
    const untitledLong = { title: "x ".repeat(60).trim(), brand: null, model: null, sku: null };
    expect(productPageTitle(untitledLong).length).toBeLessThanOrEqual(TITLE_MAX);
  });
});

describe("productMetaDescription", () => {
  it("leads with the brand and model the text does not mention", () => {
    expect(productMetaDescription(ajax, "Detector acústico para ventanas.")).toBe(
      "Ajax AJ-93MA: Detector acústico para ventanas.",
    );
    expect(productMetaDescription(ajax, "Detector Ajax AJ-93MA, ideal para ventanas.")).toBe(
      "Detector Ajax AJ-93MA, ideal para ventanas.",
    );
  });

  it("builds a sentence from the name when there is no text, within 160 characters", () => {
    expect(productMetaDescription(paradox, "")).toBe(
      "Detector de Ruptura de Vidrio Acústico Paradox SP1135, Cableado, cobertura Hasta 9 m. Compra en línea en SegTel Colombia.",
    );
    expect(productMetaDescription(paradox, "palabra ".repeat(40)).length).toBeLessThanOrEqual(160);
  });
});
