import { describe, expect, it } from "vitest";
import { linkBrandPages } from "./home.server";

describe("linkBrandPages", () => {
  it("links a logo to its brand page only when the brand has products", () => {
    const logos = linkBrandPages(
      [
        { id: "1", name: "Hikvision", image: "/logos/hikvision.svg" },
        { id: "2", name: "hanwha vision", image: null },
        { id: "3", name: "Marca Sin Productos", image: "/logos/otra.svg" },
      ],
      [{ name: "Hikvision" }, { name: "Hanwha Vision" }],
    );
    expect(logos.map((l) => l.href)).toEqual(["/marca/Hikvision", "/marca/Hanwha%20Vision", null]);
    expect(logos[0]).toEqual({
      name: "Hikvision",
      image: "/logos/hikvision.svg",
      href: "/marca/Hikvision",
    });
  });

  it("links nothing when the catalogue is unavailable", () => {
    expect(linkBrandPages([{ id: "1", name: "Axis", image: null }], [])).toEqual([
      { name: "Axis", image: null, href: null },
    ]);
  });
});
