import { describe, expect, it } from "vitest";
import { categoryBreadcrumb, categoryTrail, subcategoryLinks } from "./category-trail";

describe("subcategoryLinks and the way back up", () => {
  const categories = [
    { id: "22", name: "Videovigilancia", level: 1, parentId: null, productCount: 6825 },
    { id: "203", name: "Cámaras Analógicas", level: 2, parentId: "22", productCount: 800 },
    { id: "200", name: "Cámaras IP", level: 2, parentId: "22", productCount: 2721 },
    { id: "1000", name: "Cámaras Bala", level: 3, parentId: "200", productCount: 347 },
    { id: "209", name: "Grabadores", level: 2, parentId: "22", productCount: null },
    { id: "37", name: "Control de Acceso", level: 1, parentId: null, productCount: 10 },
  ];

  it("offers the direct children with their counts, as links to their pages", () => {
    expect(subcategoryLinks(categories, "22")).toEqual([
      { id: "203", name: "Cámaras Analógicas", href: "/categoria/203", productCount: 800 },
      { id: "200", name: "Cámaras IP", href: "/categoria/200", productCount: 2721 },
      { id: "209", name: "Grabadores", href: "/categoria/209", productCount: null },
    ]);
    expect(subcategoryLinks(categories, "1000")).toEqual([]);
  });

  it("leads from a subcategory back up through its parents", () => {
    expect(categoryBreadcrumb(categoryTrail(categories, "1000"))).toEqual([
      { label: "Inicio", to: "/" },
      { label: "Categorías", to: "/categorias" },
      { label: "Videovigilancia", to: "/categoria/22" },
      { label: "Cámaras IP", to: "/categoria/200" },
      { label: "Cámaras Bala", to: "/categoria/1000" },
    ]);
  });
});
