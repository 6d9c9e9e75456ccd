import { Readable } from "node:stream";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import {
  createMethodTable,
  createRequestGuard,
  createRouteIds,
  FORM_BODY_LIMIT,
  formKind,
  isCrossOriginPost,
  refusalResponse,
} from "./request-guard.server";

const action = () => null;
const route = (id: string, extra: object) => ({ id, module: {}, ...extra });
/** A route table shaped like the store's: a root layout, flat pages, a catch-all. */
const routes = {
  root: route("root", { path: "" }),
  home: route("home", { parentId: "root", index: true }),
  carrito: route("carrito", { parentId: "root", path: "carrito", module: { action } }),
  producto: route("producto", { parentId: "root", path: "producto/:productId" }),
  "not-found": route("not-found", { parentId: "root", path: "*" }),
} as unknown as ServerBuild["routes"];
const build = { routes, allowedActionOrigins: ["tienda.example.co"] };

const ORIGIN = "http://tienda.test";

function incoming(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body: string | string[] = [],
) {
  const chunks = (Array.isArray(body) ? body : [body]).map((c) => Buffer.from(c));
  return Object.assign(Readable.from(chunks), {
    method,
    url,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  });
}

/** What the server (server/express-app.ts) does: the Fetch request with the body the guard read. */
function check(req: ReturnType<typeof incoming>) {
  return createRequestGuard(build)(
    req,
    (body) =>
      new Request(ORIGIN + req.url, { method: req.method, headers: req.headers as never, body }),
  );
}

async function refused(req: ReturnType<typeof incoming>) {
  const verdict = await check(req);
  if (!("refusal" in verdict)) throw new Error("expected a refusal");
  return verdict.refusal;
}

const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN };

describe("the methods of each path, from the build's routes", () => {
  const allowed = createMethodTable(routes);

  it("a route with an action takes POST, on its page and on its data request", () => {
    expect(allowed("/carrito", "")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/carrito.data", "")).toEqual(["GET", "HEAD", "POST"]);
  });

  it("pages without an action, the home page and unknown paths take GET and HEAD", () => {
    expect(allowed("/producto/18433", "")).toEqual(["GET", "HEAD"]);
    expect(allowed("/", "")).toEqual(["GET", "HEAD"]);
    expect(allowed("/", "?index")).toEqual(["GET", "HEAD"]);
    expect(allowed("/_.data", "")).toEqual(["GET", "HEAD"]);
    expect(allowed("/no/existe", "")).toEqual(["GET", "HEAD"]);
  });

  it("a bare ?index posts to the index route (React Router's rule)", () => {
    const withIndexAction = {
      ...routes,
      home: route("home", { parentId: "root", index: true, module: { action } }),
    } as unknown as ServerBuild["routes"];
    const table = createMethodTable(withIndexAction);
    expect(table("/", "?index")).toEqual(["GET", "HEAD", "POST"]);
    expect(table("/", "?index=1")).toEqual(["GET", "HEAD"]);
    expect(table("/", "")).toEqual(["GET", "HEAD"]);
  });
});

describe("the route id of a path, for the metrics and the page cache", () => {
  it("is the deepest route that answers it, a page and its data request alike", async () => {
    const routeIdOf = createRouteIds(build);
    expect(await routeIdOf("/producto/18433")).toBe("producto");
    expect(await routeIdOf("/producto/18433.data")).toBe("producto");
    expect(await routeIdOf("/carrito")).toBe("carrito");
    expect(await routeIdOf("/")).toBe("home");
    expect(await routeIdOf("/_.data")).toBe("home");
    expect(await routeIdOf("/no/existe")).toBe("not-found");
    // Asked again, from what it remembers: the same.
    expect(await routeIdOf("/producto/18433")).toBe("producto");
  });

  it("says unmatched where no route answers, and follows a new build's table", async () => {
    let current = { routes: { ...routes } } as typeof build;
    delete (current.routes as Record<string, unknown>)["not-found"];
    const routeIdOf = createRouteIds(async () => current);
    expect(await routeIdOf("/no/existe")).toBe("unmatched");
    current = build;
    expect(await routeIdOf("/no/existe")).toBe("not-found");
  });
});

describe("formKind", () => {
  it.each([
    ["application/x-www-form-urlencoded", "urlencoded"],
    ["Application/X-WWW-Form-Urlencoded; charset=UTF-8", "urlencoded"],
    ["multipart/form-data; boundary=----abc123", "multipart"],
    ['multipart/form-data; charset=utf-8; boundary="x y"', undefined],
    ["multipart/form-data", undefined],
    [`multipart/form-data; boundary=${"b".repeat(71)}`, undefined],
    ["application/json", undefined],
    ["text/plain", undefined],
    [undefined, undefined],
  ])("%s → %s", (contentType, kind) => {
    expect(formKind(contentType)).toBe(kind);
  });
});

describe("the request guard", () => {
  it("lets reads through without touching a body", async () => {
    const verdict = await check(incoming("GET", "/producto/1?q=x"));
    expect("request" in verdict && verdict.request.method).toBe("GET");
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"])(
    "%s is 405 with the route's Allow",
    async (method) => {
      const withBody = { ...form, "Content-Length": "12" };
      const onCart = await refused(incoming(method, "/carrito", withBody, "intent=clear"));
      expect(onCart.status).toBe(405);
      expect(onCart.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(onCart.headers.get("Connection")).toBe("close");
      const onProduct = await refused(incoming(method, "/producto/1"));
      expect(onProduct.headers.get("Allow")).toBe("GET, HEAD");
      expect(onProduct.headers.get("Connection")).toBeNull();
    },
  );

  it("a POST where the route has no action is 405 with GET, HEAD", async () => {
    const res = await refused(incoming("POST", "/", form, "a=1"));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
  });

  it.each([
    ["application/json", '{"intent":"add"}'],
    ["text/plain", "intent=add"],
    ["application/xml", "<a/>"],
    ["multipart/form-data", "no boundary"],
  ])("a %s body is 415", async (type, body) => {
    const res = await refused(
      incoming("POST", "/carrito", { ...form, "Content-Type": type }, body),
    );
    expect(res.status).toBe(415);
  });

  it("a body with no Content-Type is 415", async () => {
    const res = await refused(incoming("POST", "/carrito", { Origin: ORIGIN }, "intent=add"));
    expect(res.status).toBe(415);
  });

  it("a malformed multipart body is 400; a well-formed one reaches the action", async () => {
    const type = "multipart/form-data; boundary=xyz";
    const bad = await refused(incoming("POST", "/carrito", { ...form, "Content-Type": type }, "x"));
    expect(bad.status).toBe(400);
    const body =
      '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nclear\r\n--xyz--\r\n';
    const verdict = await check(
      incoming("POST", "/carrito", { ...form, "Content-Type": type }, body),
    );
    if (!("request" in verdict)) throw new Error("expected the request");
    expect((await verdict.request.formData()).get("intent")).toBe("clear");
  });

  it("hands a form body on as it came", async () => {
    const verdict = await check(incoming("POST", "/carrito", form, ["intent=add&", "productId=7"]));
    if (!("request" in verdict)) throw new Error("expected the request");
    expect(Object.fromEntries(await verdict.request.formData())).toEqual({
      intent: "add",
      productId: "7",
    });
  });

  it("a body over 64 KB is 413, announced or streamed", async () => {
    const big = "a".repeat(FORM_BODY_LIMIT + 1);
    const announced = await refused(
      incoming("POST", "/carrito", { ...form, "Content-Length": String(big.length) }, big),
    );
    expect(announced.status).toBe(413);
    const streamed = await refused(
      incoming("POST", "/carrito", { ...form, "Transfer-Encoding": "chunked" }, [
        big.slice(0, 40_000),
        big.slice(40_000),
      ]),
    );
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get("Connection")).toBe("close");
    const atLimit = await check(incoming("POST", "/carrito", form, "a".repeat(FORM_BODY_LIMIT)));
    expect("request" in atLimit).toBe(true);
  });

  it("a URL over 4,096 characters is 414; a control character in the path is 400", async () => {
    expect((await refused(incoming("GET", `/buscar?q=${"a".repeat(4_100)}`))).status).toBe(414);
    expect((await refused(incoming("GET", "/%0d%0aSet-Cookie:%20x=1"))).status).toBe(400);
    expect((await refused(incoming("GET", "/producto/%00"))).status).toBe(400);
    expect("request" in (await check(incoming("GET", "/buscar?q=a%0Ab")))).toBe(true);
  });

  it("a cross-site form post is 400; the build's allowed origins pass", async () => {
    const evil = await refused(
      incoming("POST", "/carrito", { ...form, Origin: "https://evil.example" }, "a=1"),
    );
    expect(evil.status).toBe(400);
    const nullOrigin = await refused(
      incoming("POST", "/carrito", { ...form, Origin: "null" }, "a"),
    );
    expect(nullOrigin.status).toBe(400);
    const allowed = await check(
      incoming("POST", "/carrito", { ...form, Origin: "https://tienda.example.co" }, "a=1"),
    );
    expect("request" in allowed).toBe(true);
  });
});

describe("isCrossOriginPost", () => {
  const post = (origin?: string) =>
    new Request("https://tienda.example.co/carrito", {
      method: "POST",
      headers: origin ? { Origin: origin } : {},
    });
  it("follows React Router's rule, wildcards included", () => {
    expect(isCrossOriginPost(post())).toBe(false);
    expect(isCrossOriginPost(post("https://tienda.example.co"))).toBe(false);
    expect(isCrossOriginPost(post("http://tienda.example.co"))).toBe(true);
    expect(isCrossOriginPost(post("no es una url"))).toBe(true);
    expect(isCrossOriginPost(post("https://pagos.example.co"), ["*.example.co"])).toBe(false);
    expect(isCrossOriginPost(post("https://a.b.example.co"), ["*.example.co"])).toBe(true);
    expect(isCrossOriginPost(post("https://a.b.example.co"), ["**.example.co"])).toBe(false);
  });
});

describe("refusal pages", () => {
  it("are small Spanish pages that are never stored", async () => {
    const res = refusalResponse(415);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('<html lang="es-CO">');
    expect(html).toContain("<h1>Formato no admitido</h1>");
    expect(html).toContain('<a href="/">Volver al inicio</a>');
  });
});
