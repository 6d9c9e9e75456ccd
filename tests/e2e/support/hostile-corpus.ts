/**
 * The hostile corpus: requests generated from the route table (app/routes.ts) and the list of
 * forms below, so a route or a form is covered the day it is added. Malformed and injected path
 * parameters and query strings, odd headers and cookies, every method, non-form and oversized
 * bodies, fuzzed form fields, the client-navigation data requests and the sandbox API.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes.ts";
import { personBilling } from "../../support/buyer.ts";

export interface HostileRequest {
  method: string;
  /** Raw request target, sent as it is (no normalising). */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Sent with chunked transfer encoding instead of a Content-Length. */
  chunked?: boolean;
  /** The statuses this request may get, when the corpus knows (beyond "not a 5xx"). */
  expect?: number[];
}

/** Markup that must never come back unescaped. */
const MARKUP_PROBES = [
  '<script>alert("h0st1l3")</script>',
  '"><svg onload=alert("h0st1l3")>',
  '<img src=x onerror=alert("h0st1l3")>',
];
export const REFLECTED = [
  /<script>alert\("h0st1l3"\)/i,
  /<svg onload=alert/i,
  /<img src=x onerror/i,
];

/**
 * Forms the store posts, with a valid value per field. The corpus posts each one as it is and
 * with every field in turn replaced, missing or repeated. `staff` forms are posted signed in
 * (the corpus is given a staff session cookie). A new form joins this list with its route.
 */
const FORMS: Array<{ path: string; fields: Record<string, string>; staff?: boolean }> = [
  ...["add", "decrement", "remove", "set", "clear"].map((intent) => ({
    path: "/carrito",
    fields: { intent, productId: "18433", quantity: "2", redirectTo: "/carrito" },
  })),
  { path: "/carrito", fields: { intent: "add", productId: "18433", fetcher: "1" } },
  { path: "/login", fields: { intent: "login", email: "cliente@correo.co", password: "clave" } },
  {
    path: "/admin/ingresar",
    fields: { usuario: "personal", clave: "equivocada", volver: "/admin" },
  },
  { path: "/admin/notificaciones", fields: { intent: "enviar", orderId: "ORD-1" }, staff: true },
  {
    path: "/admin/notificaciones",
    fields: { intent: "extraer", url: "https://tienda.example.co/checkout/success/card?id=1" },
    staff: true,
  },
  { path: "/admin/salir", fields: {}, staff: true },
  {
    path: "/checkout",
    fields: personBilling(),
  },
  { path: "/checkout", fields: { intent: "shipping", same_as_invoice: "on" } },
  { path: "/checkout", fields: { intent: "finalize", payment_method: "openpay" } },
  {
    path: "/checkout/pago",
    fields: {
      intent: "pay-card",
      order_id: "CARD-1767225600000K7Q2",
      holder_name: "Ana Gómez",
      card_number: "4111111111111111",
      expiration_month: "12",
      expiration_year: "2030",
      cvv2: "123",
    },
  },
  {
    path: "/checkout/pago",
    fields: { intent: "pay-pse", bank: "1007", document_type: "CC", document: "1020304050" },
  },
  { path: "/mi-cuenta/pedidos", fields: { order_id: "CARD-1767225600000K7Q2", email: "a@b.co" } },
];

/** A valid value for each route parameter name; others get "1". */
const GOOD_PARAMS: Record<string, string> = {
  productId: "18433",
  categoryId: "22",
  subcategory: "200",
  level1: "22",
  level2: "200",
  level3: "1000",
  brand: "Hikvision",
  sku: "DS-YD792-B",
  name: "paginas.xml",
  "*": "no-existe",
};

/** Path segments, already in their raw (sent) form. */
const HOSTILE_SEGMENTS = [
  ...MARKUP_PROBES.map(encodeURIComponent),
  "%3Cscript%3Ealert(%22h0st1l3%22)%3C%2Fscript%3E.xml",
  "%00",
  "%E0%A4%A",
  "%",
  "%ZZ",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "..",
  "a".repeat(2_000),
  "99999999999999999999",
  "-1",
  "0",
  "1e309",
  "NaN",
  "0x1F",
  "%20",
  "'%20OR%201=1--",
  "$%7B7*7%7D",
  "%7B%7B7*7%7D%7D",
  "%C3%B1and%C3%BA%F0%9F%98%80",
  "%E2%80%AE",
  "__proto__",
  "constructor",
  "%0d%0aSet-Cookie:%20x=1",
  "%C0%AF",
  "a;b=c",
  "%252e%252e",
];

/** Query strings, already encoded, tried on every route. */
const HOSTILE_QUERIES = [
  ...MARKUP_PROBES.map((p) => `q=${encodeURIComponent(p)}&search=${encodeURIComponent(p)}`),
  ...MARKUP_PROBES.map((p) => `marca=${encodeURIComponent(p)}&texto=${encodeURIComponent(p)}`),
  "pagina=-1",
  "pagina=abc&pagina=2",
  "pagina=99999999999999999999",
  "pagina=1e309",
  "precio_min=abc&precio_max=-5",
  "precio_min=9999999999999999999999&precio_max=1",
  "orden=%3Cx%3E&vista=%22%3E",
  "categoria=..%2F..&nombre=%00",
  "q[]=a&q[b]=c",
  "__proto__[x]=1&constructor[prototype][y]=2",
  "index",
  "_routes=root,no-existe,%3Cx%3E",
  `q=${"a".repeat(3_000)}`,
  `q=${"a".repeat(5_000)}`,
  "%=%&%ZZ=%E0%A4%A",
  "q=%00%0d%0a",
  "vaciar=1&aviso=%3Cb%3E",
  "order_id=%3Cscript%3E&id=..%2F",
];

/** Header sets tried on a few representative pages. */
const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { Cookie: "carrito=%3Cscript%3E; aviso=x" },
  { Cookie: "__Host-carrito=eyJsaW5lcyI6W119.firma-falsa; __Host-aviso=eyJ4IjoxfQ.x" },
  { Cookie: `carrito=${"a".repeat(8_000)}` },
  { Cookie: `carrito=${"a".repeat(20_000)}` },
  { Cookie: "carrito=;;;=;==;%E0%A4%A" },
  { Cookie: "carrito=e30%3D.AAAA; carrito=e30%3D.BBBB" },
  { Accept: "application/json" },
  { Accept: "*/*;q=abc", "Accept-Language": "xx-<script>, ;q=" },
  { "Accept-Encoding": "gzip;q=abc, br;q=-1" },
  { "Accept-Encoding": "br" },
  { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  { "User-Agent": MARKUP_PROBES[0] },
  { "X-Forwarded-For": "<script>, 1.2.3.4", "X-Forwarded-Host": "evil.example" },
  { "X-Forwarded-Proto": "gopher", Forwarded: "for=x;host=evil" },
  { Range: "bytes=99999999-1", "If-None-Match": '"<x>"' },
  { "If-Modified-Since": "not a date", "Content-Type": "application/json" },
  { Referer: "javascript:alert(1)", Origin: "null" },
  { "X-Tienda-Client-Address": "spoofed" },
  { Host: "evil.example" },
];

/** Bodies posted to every route (the guard must refuse each one cleanly). */
function hostileBodies(): Array<Pick<HostileRequest, "headers" | "body" | "chunked" | "expect">> {
  const big = `intent=add&productId=18433&relleno=${"a".repeat(70 * 1024)}`;
  // Not a form: 415, or 405 where the route takes no POST at all.
  const notForm = [405, 415];
  const malformed = [400, 405];
  const tooLarge = [405, 413];
  const json = { "Content-Type": "application/json" };
  const multipartXyz = { "Content-Type": "multipart/form-data; boundary=xyz" };
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  return [
    { headers: json, body: '{"intent":"add","productId":1}', expect: notForm },
    { headers: json, body: '{"intent":', expect: notForm },
    { headers: { "Content-Type": "application/xml" }, body: "<a>&x;</a>", expect: notForm },
    { headers: { "Content-Type": "text/plain" }, body: "intent=add&productId=1", expect: notForm },
    { headers: {}, body: "intent=add", expect: notForm },
    { headers: { "Content-Type": "multipart/form-data" }, body: "intent=add", expect: notForm },
    {
      headers: { "Content-Type": "application/octet-stream" },
      body: Buffer.from([0, 255, 1]),
      expect: notForm,
    },
    { headers: multipartXyz, body: "basura", expect: malformed },
    {
      headers: multipartXyz,
      body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
      expect: malformed,
    },
    {
      headers: { "Content-Type": `multipart/form-data; boundary=${"b".repeat(200)}` },
      body: "--b\r\n",
      expect: notForm,
    },
    {
      headers: { ...form, "Content-Type": `${form["Content-Type"]}; charset=utf-16` },
      body: "a=%",
    },
    { headers: form, body: "" },
    { headers: form, body: big, expect: tooLarge },
    { headers: form, body: big, chunked: true, expect: tooLarge },
    { headers: { ...form, "Content-Encoding": "gzip" }, body: "intent=add" },
  ];
}

const METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "LOCK", "PURGE"];

/** Every path pattern of the route table ("/", "/producto/:productId", "/*", …). */
function routePatterns(entries: RouteConfigEntry[] = routes, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.index ? prefix : [prefix, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.index || entry.path !== undefined) out.push(`/${path}`.replace(/\/+/g, "/"));
    if (entry.children) out.push(...routePatterns(entry.children, path));
  }
  return [...new Set(out)];
}

function paramNames(pattern: string): string[] {
  return pattern
    .split("/")
    .filter((s) => s.startsWith(":") || s === "*")
    .map((s) => (s === "*" ? "*" : s.slice(1).replace(/\?$/, "")));
}

function fill(pattern: string, values: Record<string, string>): string {
  return pattern
    .split("/")
    .map((s) => {
      if (s === "*") return values["*"];
      if (!s.startsWith(":")) return s;
      const name = s.slice(1).replace(/\?$/, "");
      return values[name] ?? GOOD_PARAMS[name] ?? "1";
    })
    .join("/");
}

const urlencoded = (fields: Array<[string, string]>) =>
  fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");

function multipart(fields: Array<[string, string]>): { type: string; body: string } {
  const boundary = "----corpus7MA4YWxkTrZu0gW";
  const parts = fields.map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: `${parts.join("")}--${boundary}--\r\n`,
  };
}

/** Values a form field is tried with. */
const HOSTILE_FIELD_VALUES = [
  ...MARKUP_PROBES,
  "",
  " ",
  "-1",
  "0",
  "1e99",
  "99999999999999999999",
  "NaN",
  "1.5",
  "../../etc/passwd",
  "//evil.example/",
  "https://evil.example/",
  "javascript:alert(1)",
  "\u0000",
  "\r\nSet-Cookie: x=1",
  "' OR 1=1 --",
  "{{7*7}}",
  "ñandú😀",
  "a".repeat(20_000),
  "__proto__",
];

export function buildCorpus(origin: string, staffCookie = ""): HostileRequest[] {
  const sameOrigin = { Origin: origin, "Accept-Encoding": "identity" };
  const base = { "Accept-Encoding": "identity" };
  const out: HostileRequest[] = [];
  const patterns = routePatterns();
  const good = (p: string) => fill(p, {});

  for (const [index, pattern] of patterns.entries()) {
    // Each hostile segment in one parameter (taking turns), the markup probes in every one.
    const names = paramNames(pattern);
    HOSTILE_SEGMENTS.forEach((segment, i) => {
      const targets = i < MARKUP_PROBES.length ? names : names.slice(i % names.length).slice(0, 1);
      for (const name of targets) {
        out.push({ method: "GET", path: fill(pattern, { [name]: segment }), headers: base });
      }
    });
    // Hostile query strings: the markup probes on every route, the others on every other one.
    HOSTILE_QUERIES.forEach((query, i) => {
      if (i >= 2 * MARKUP_PROBES.length && (i + index) % 2 !== 0) return;
      out.push({ method: "GET", path: `${good(pattern)}?${query}`, headers: base });
    });
    // The client-navigation data request of the page.
    const dataPath = good(pattern) === "/" ? "/_.data" : `${good(pattern)}.data`;
    out.push({ method: "GET", path: `${dataPath}?_routes=root,no-existe`, headers: base });
    out.push({ method: "GET", path: `${dataPath}?_routes=%3Cx%3E&q=%E0%A4%A`, headers: base });
    // Every method.
    for (const method of METHODS) {
      out.push({
        method,
        path: good(pattern),
        headers: sameOrigin,
        body: "intent=add",
        expect: [405],
      });
    }
    // Bodies that are not forms, oversized or malformed.
    for (const body of hostileBodies()) {
      out.push({
        method: "POST",
        path: good(pattern),
        ...body,
        headers: { ...sameOrigin, ...body.headers },
      });
    }
    // A form from another site.
    out.push({
      method: "POST",
      path: good(pattern),
      headers: {
        ...base,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=clear",
      expect: [400, 405],
    });
  }

  // Odd headers and cookies on representative pages.
  for (const path of [
    "/",
    "/productos?marca=Hikvision",
    "/producto/18433",
    "/carrito",
    "/buscar?q=camara",
  ]) {
    for (const headers of HOSTILE_HEADERS) {
      out.push({ method: "GET", path, headers: { ...base, ...headers } });
    }
  }

  // Fuzzed forms: each field replaced, dropped and repeated, form-encoded and multipart, on the
  // page and on its data request (the fetcher path).
  for (const form of FORMS) {
    const session: Record<string, string> = form.staff ? { Cookie: staffCookie } : {};
    const entries = Object.entries(form.fields);
    const variants: Array<Array<[string, string]>> = [entries];
    for (const [name] of entries) {
      for (const value of HOSTILE_FIELD_VALUES) {
        variants.push(entries.map(([k, v]) => [k, k === name ? value : v]));
      }
      variants.push(entries.filter(([k]) => k !== name));
      variants.push([...entries, [name, "otro"]]);
    }
    variants.forEach((fields, i) => {
      const path = i % 3 === 2 ? `${form.path}.data` : form.path;
      if (i % 2 === 0) {
        out.push({
          method: "POST",
          path,
          headers: {
            ...sameOrigin,
            ...session,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: urlencoded(fields),
        });
      } else {
        const { type, body } = multipart(fields);
        out.push({
          method: "POST",
          path,
          headers: { ...sameOrigin, ...session, "Content-Type": type },
          body,
        });
      }
    });
  }

  // The sandbox API mounted on the same origin keeps its own JSON answers.
  const sandboxGets = [
    "/sandbox/api/productos?limit=-1&offset=abc",
    "/sandbox/api/productos?limit=1e9",
    "/sandbox/api/productos?search=" + "a".repeat(300),
    "/sandbox/api/productos/batch?ids=" + Array.from({ length: 150 }, (_, i) => i).join(","),
    "/sandbox/api/productos/batch?ids=",
    "/sandbox/payments/charges?order_id[]=x",
    "/sandbox/payments/emails?limit=-1",
    "/sandbox/correos?pedido=%3Cscript%3E",
    "/sandbox/no-existe",
  ];
  for (const segment of HOSTILE_SEGMENTS) {
    sandboxGets.push(
      `/sandbox/api/productos/${segment}`,
      `/sandbox/api/categorias/${segment}/subcategorias`,
      `/sandbox/syscom/productos/${segment}/pdf`,
      `/sandbox/img/productos/${segment}.svg`,
      `/sandbox/banco-pse/${segment}`,
      `/sandbox/payments/status/${segment}`,
    );
  }
  for (const path of sandboxGets) out.push({ method: "GET", path, headers: base });
  const sandboxPosts = [
    "/sandbox/payments/prepare-checkout",
    "/sandbox/payments/link-payment",
    "/sandbox/payments/pse",
    "/sandbox/payments/card/token",
    "/sandbox/payments/card/charge",
    "/sandbox/api/payments/confirm-success-page/no-existe",
    "/sandbox/payments/manual-notification/no-existe",
    "/sandbox/banco-pse/no-existe",
    "/sandbox/api/productos",
  ];
  for (const path of sandboxPosts) {
    for (const body of hostileBodies()) {
      out.push({
        method: "POST",
        path,
        ...body,
        headers: { ...base, ...body.headers },
        expect: undefined,
      });
    }
    for (const json of [
      "[]",
      "null",
      '{"__proto__":{"x":1}}',
      `{"amount":"${MARKUP_PROBES[0]}"}`,
    ]) {
      out.push({
        method: "POST",
        path,
        headers: { ...base, "Content-Type": "application/json" },
        body: json,
      });
    }
    out.push({ method: "DELETE", path, headers: base });
  }
  return out;
}
