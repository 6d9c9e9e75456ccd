import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of spec §2. Any other path renders the home page with 404.
export default [
  index("routes/home.tsx"),
  route("productos", "routes/productos.tsx"),
  route("categorias", "routes/categorias.tsx"),
  route("categoria/:categoryId", "routes/categoria.tsx", { id: "categoria" }),
  route("categoria/:categoryId/:subcategory", "routes/categoria.tsx", { id: "categoria-sub" }),
  route("categoria/:level1/:level2/:level3", "routes/categoria.tsx", { id: "categoria-levels" }),
  route("marca/:brand", "routes/marca.tsx"),
  route("producto/:productId", "routes/producto.tsx"),
  route("documentacion/:sku", "routes/documentacion.ts"),
  route("carrito", "routes/carrito.tsx"),
  route("buscar", "routes/buscar.tsx", { id: "buscar" }),
  route("busqueda", "routes/buscar.tsx", { id: "busqueda" }),
  route("buscar/sugerencias", "routes/buscar.sugerencias.ts"),
  route("nosotros", "routes/nosotros.tsx"),
  route("privacidad", "routes/privacidad.tsx"),
  route("garantias", "routes/garantias.tsx"),
  route("soporte-tecnico", "routes/soporte-tecnico.tsx"),
  route("login", "routes/login.tsx"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("sitemaps/:name", "routes/sitemaps.$name.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
