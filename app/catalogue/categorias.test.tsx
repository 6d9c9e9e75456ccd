/**
 * /categorias when the category call fails (docs/decisions/0260): 'No se pudieron cargar…:
 * {message}' with 'Reintentar'. The sandbox has no category fault, so the API client is mocked
 * here.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, getCategories } from "~/merchant-api/client.server";
import Categorias, { loader } from "./categorias";

vi.mock("~/merchant-api/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/merchant-api/client.server")>();
  return { ...original, getCategories: vi.fn() };
});

const categories = vi.mocked(getCategories);
afterEach(() => {
  categories.mockReset();
});

type LoaderArgs = Parameters<typeof loader>[0];
const argsFor = (url: string) =>
  ({ request: new Request(url), params: {}, context: {} }) as unknown as LoaderArgs; // the loader reads only the request

/** The loader's answer: body plus status (it answers through `data()` on failure). */
async function run(url: string) {
  const result: unknown = await loader(argsFor(url));
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { body: data, status: init?.status ?? 200 };
  }
  return { body: result, status: 200 };
}

function render(loaderData: unknown, url = "/categorias") {
  const Stub = createRoutesStub([{ id: "categorias", path: "/categorias", Component: Categorias }]);
  return renderToString(
    <Stub initialEntries={[url]} hydrationData={{ loaderData: { categorias: loaderData } }} />,
  );
}

describe("/categorias error state", () => {
  it("an upstream failure answers 502 (the one failure rule) with its message, and the page offers 'Reintentar' keeping the term", async () => {
    categories.mockRejectedValue(new ApiError("Error HTTP: 500", 500));
    const { body, status } = await run("http://tienda.test/categorias?q=c%C3%A1mara&pagina=3");
    expect(status).toBe(502);
    expect(body).toMatchObject({ ok: false, term: "cámara", message: "Error HTTP: 500" });

    const html = render(body, "/categorias?q=c%C3%A1mara");
    expect(html).toContain('role="alert"');
    expect(html).toContain("No se pudieron cargar las categorías: <!-- -->Error HTTP: 500");
    // A GET form back to the same list, keeping the term: it reloads without JavaScript too.
    expect(html).toContain(
      '<form action="/categorias" method="get"><input type="hidden" name="q" value="cámara"/><button type="submit">Reintentar</button></form>',
    );
    expect(html).not.toContain("categorías en total");
  });

  it("an unexpected exception does not leak its text", async () => {
    categories.mockRejectedValue(new TypeError("secret internals at /srv/app.js:12"));
    const { body, status } = await run("http://tienda.test/categorias");
    expect(status).toBe(502);
    expect(body).toMatchObject({ ok: false, message: "Error inesperado" });
    expect(render(body)).not.toContain("secret internals");
  });

  it("a working API lists the categories, sorted by name in Spanish", async () => {
    categories.mockResolvedValue([
      { id: "2", name: "Redes", level: 1, parentId: null, productCount: null },
      { id: "1", name: "Árboles de cable", level: null, parentId: null, productCount: null },
      { id: "3", name: "Energía", level: 2, parentId: null, productCount: null },
    ]);
    const { body, status } = await run("http://tienda.test/categorias");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, total: 3 });
    expect((body as { categories: Array<{ name: string }> }).categories.map((c) => c.name)).toEqual(
      ["Árboles de cable", "Energía", "Redes"],
    );
    const html = render(body);
    expect(html).toContain("3 categorías en total");
    expect(html).toContain("N/A");
    expect(html).not.toContain("Reintentar");
  });
});
