import { describe, expect, it } from "vitest";
import { pageMeta, serializeJsonLd, truncateText } from "./page-meta";

describe("truncateText and pageMeta", () => {
  it("cuts at a word with an ellipsis", () => {
    expect(truncateText("uno dos tres cuatro cinco", 16)).toBe("uno dos tres…");
    expect(truncateText("unodostrescuatro", 8)).toBe("unodost…");
    expect(truncateText("corto", 12)).toBe("corto");
  });

  it("appends the site name unless the title is final", () => {
    const base = { description: "d", origin: "https://t.example", path: "/" };
    expect(pageMeta({ ...base, title: "Inicio" })[0]).toEqual({
      title: "Inicio | SegTel Colombia",
    });
    expect(pageMeta({ ...base, title: "Inicio", fullTitle: true })[0]).toEqual({ title: "Inicio" });
  });

  it("leaves the site name out of a title it would push past 70 characters", () => {
    const base = { description: "d", origin: "https://t.example", path: "/" };
    const long = "Productos en IoT / GPS / Telemática y Señalización Audiovisual";
    expect(pageMeta({ ...base, title: long })[0]).toEqual({ title: long });
    const title = (pageMeta({ ...base, title: "palabra ".repeat(12) })[0] as { title: string })
      .title;
    expect(title.length).toBeLessThanOrEqual(70);
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element and still parses back", () => {
    const data = { name: "</script><script>alert(1)</script>" };
    const json = serializeJsonLd(data);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(data);
  });
});
