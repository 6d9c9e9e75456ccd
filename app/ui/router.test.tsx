/**
 * The store's Link writes a site path as React Router's own Link does (docs/decisions/0625):
 * the same markup, without resolving the path against the routes; anything more than a plain
 * site path goes through the router's Link.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
// The router's own Link is what ours is compared with.
// eslint-disable-next-line no-restricted-imports
import { createRoutesStub, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "./router";

/** The markup of `element` rendered on the page at `at`, inside a router. */
function rendered(element: ReactElement, at = "/productos/uno?pagina=2") {
  const Stub = createRoutesStub([{ path: "/productos/:id", Component: () => element }]);
  return renderToString(<Stub initialEntries={[at]} />);
}

describe("Link", () => {
  it.each([
    "/producto/10031",
    "/productos?categoria=22&marca=Hikvision&orden=nombre",
    "/productos?search=c%C3%A1mara%20ip&pagina=2#producto-1",
    "/carrito",
    "/",
  ])("writes %s as the router's Link does", (to) => {
    const props = { id: "t-1", className: "card", "aria-current": "page" as const };
    const ours = rendered(
      <Link to={to} {...props}>
        Cámara <span>(DS-2CD)</span>
      </Link>,
    );
    expect(ours).toContain(`href="${to.replaceAll("&", "&amp;")}"`);
    expect(ours).toBe(
      rendered(
        <RouterLink discover="none" to={to} {...props}>
          Cámara <span>(DS-2CD)</span>
        </RouterLink>,
      ),
    );
    expect(ours).not.toContain("data-discover");
  });

  it.each([
    ["a relative path", "otro", "/productos/uno/otro"],
    ["dot segments", "/productos/./a/../b", "/productos/b"],
    ["a parent path", "../carrito", "/carrito"],
  ])("resolves %s as the router does", (_, to, href) => {
    const ours = rendered(<Link to={to}>x</Link>);
    expect(ours).toContain(`href="${href}"`);
    expect(ours).toBe(
      rendered(
        <RouterLink discover="none" to={to}>
          x
        </RouterLink>,
      ),
    );
  });

  it("gives an address object and another site's URL to the router's Link", () => {
    const object = { pathname: "/productos", search: "?pagina=3" };
    expect(rendered(<Link to={object}>x</Link>)).toContain('href="/productos?pagina=3"');
    expect(rendered(<Link to="//ejemplo.com/a">x</Link>)).toBe(
      rendered(
        <RouterLink discover="none" to="//ejemplo.com/a">
          x
        </RouterLink>,
      ),
    );
  });
});
