import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { SITE_PAGES } from "./content/site-pages";
import { PAYMENT_METHODS } from "./money/payment-methods";

// The route table: each entry points into the part of the shop that owns the screen
// (docs/architecture.md). Any other path renders the home page with 404.
export default [
  index("home/home.tsx"),
  route("productos", "catalogue/productos.tsx"),
  route("categorias", "catalogue/categorias.tsx"),
  route("categoria/:categoryId", "catalogue/categoria.tsx", { id: "categoria" }),
  route("categoria/:categoryId/:subcategory", "catalogue/categoria.tsx", { id: "categoria-sub" }),
  route("categoria/:level1/:level2/:level3", "catalogue/categoria.tsx", { id: "categoria-levels" }),
  route("marca/:brand", "catalogue/marca.tsx"),
  route("producto/:productId", "product/producto.tsx"),
  route("producto/:productId/imagen.png", "product/imagen.ts"),
  route("documentacion/:sku", "product/documentacion.ts"),
  route("carrito", "cart/carrito.tsx"),
  route("checkout", "checkout/checkout.tsx"),
  route("checkout/pago", "payments/pago.tsx"),
  // One result page per payment method: /checkout/success/card, /checkout/success/pse.
  ...PAYMENT_METHODS.list.map(({ key }) =>
    route(`checkout/success/${key}`, "payments/resultado.tsx", { id: `success-${key}` }),
  ),
  route("checkout/pending", "payments/pendiente.tsx"),
  route("checkout/failure", "payments/fallo.tsx"),
  route("checkout/comprobante/:archivo", "payments/comprobante.ts"),
  route("mi-cuenta/pedidos/comprobante", "payments/pedidos-comprobante.ts"),
  route("buscar", "search/buscar.tsx", { id: "buscar" }),
  route("busqueda", "search/buscar.tsx", { id: "busqueda" }),
  route("buscar/sugerencias", "search/buscar.sugerencias.ts"),
  // The site's own pages (company pages, sign-in, the order lookup): content/site-pages.ts.
  ...SITE_PAGES.map((page) => route(page.path.slice(1), page.route)),
  route("admin/ingresar", "staff/ingresar.tsx"),
  route("admin/notificaciones", "staff/notificaciones.tsx"),
  route("admin/salir", "staff/salir.tsx"),
  route("admin/*", "staff/admin.tsx"),
  route("robots.txt", "seo/robots.txt.ts"),
  route("sitemap.xml", "seo/sitemap.xml.ts"),
  route("sitemaps/:name", "seo/sitemaps.$name.ts"),
  route("*", "layout/not-found.tsx"),
] satisfies RouteConfig;
