/**
 * What may import what (docs/architecture.md): shared folders never import a part of the shop;
 * a part uses another only through that part's public face; no cycles; browser code never
 * imports server-only modules.
 */
const PARTS = "(layout|home|catalogue|search|product|content|seo|cart|checkout|payments|staff)";
/** The shared folders, below every part: they import none (docs/decisions/0490). */
const SHARED = "(ui|merchant-api|platform|money|text)";

/** The modules each part offers the others. Anything else inside a part is its own business. */
const PUBLIC_FACES = [
  "cart/(CartButton|AddToCartForm|TotalsList)\\.tsx",
  "cart/(cart|cart-order|cart-session)\\.server\\.ts",
  "cart/cart-order\\.ts",
  "cart/CartOrderNotice\\.tsx",
  "home/HomePage\\.tsx",
  "home/home\\.server\\.ts",
  "catalogue/(category-tree|catalogue\\.server)\\.ts",
  "product/(ProductGrid|ProductCard)\\.tsx",
  "search/search\\.ts",
  "search/SearchBox\\.tsx",
  "content/ContactDialog\\.tsx",
  "content/site-page(s|-meta)\\.ts",
  "checkout/checkout\\.server\\.ts",
  "checkout/(OrderSummary|CheckoutSteps)\\.tsx",
];

/** Resource routes (no view) may use server modules like any loader. */
const RESOURCE_ROUTES =
  "(documentacion|imagen|buscar\\.sugerencias|robots\\.txt|sitemap\\.xml|sitemaps\\.\\$name|comprobante)\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other cannot be understood or tested alone.",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-through-the-build-entry",
      severity: "error",
      comment:
        "The Node server (server/) reaches the app and the sandbox only through the object the " +
        "build's entry exports (docs/decisions/0540): a module it imported itself would run twice, " +
        "once natively and once in the build, each copy with its own state.",
      from: { path: "^server/" },
      to: { path: "^(app|sandbox)/", pathNot: "^app/entry\\.server\\.tsx$" },
    },
    {
      name: "app-never-imports-the-server",
      severity: "error",
      comment: "The app and the sandbox know nothing of the Node server that runs them.",
      from: { path: "^(app|sandbox)/" },
      to: { path: "^server/" },
    },
    {
      name: "shared-never-imports-a-part",
      severity: "error",
      comment:
        "ui (with the form kit, ui/form), merchant-api, platform, money and text know nothing " +
        "of the shop's parts.",
      from: { path: `^app/${SHARED}/` },
      to: { path: `^app/${PARTS}/` },
    },
    {
      name: "part-through-public-face",
      severity: "error",
      comment: "A part uses another only through the modules that part names as its public face.",
      from: { path: `^app/${PARTS}/` },
      to: {
        path: `^app/${PARTS}/`,
        pathNot: ["^app/$1/", `^app/(${PUBLIC_FACES.join("|")})$`],
      },
    },
    {
      name: "parts-never-import-the-shell",
      severity: "error",
      comment:
        "The root module composes every part; a part that imports it loops back through the " +
        "whole app. The site's origin and contact come from platform/site.ts, a page's meta " +
        "tags from platform/page-meta.ts (docs/decisions/0550).",
      from: { path: "^app/[^/]+/" },
      to: { path: "^app/root\\.tsx$" },
    },
    {
      name: "cached-pages-read-no-cookie",
      severity: "error",
      comment:
        "The page cache keeps these pages once for everyone, a shopper with a checkout or staff " +
        "session too (docs/decisions/0470): they never read a cookie. The cart and the notice " +
        "reach them only through the root's slots, filled in per request.",
      from: { path: "^app/(home|catalogue|search|product|content)/" },
      to: {
        path: [
          "^app/platform/(cookie-session|flash)\\.server\\.ts$",
          "^app/(cart/cart|checkout/checkout)\\.server\\.ts$",
          "session\\.server\\.ts$",
          "paid-orders\\.server\\.ts$",
        ],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-server-module-in-browser-code",
      severity: "error",
      comment:
        "Components and pure rules run in the browser: they never import a *.server module " +
        "(route modules may, from their loaders and actions).",
      from: {
        // In a part or a shared folder, or one level below (ui/form, the form kit).
        path: [
          "^app/[a-z-]+/[A-Z][^/]*\\.tsx$",
          "^app/[a-z-]+/[a-z][^/]*\\.ts$",
          "^app/[a-z-]+/[a-z-]+/[A-Z][^/]*\\.tsx$",
          "^app/[a-z-]+/[a-z-]+/[a-z][^/]*\\.ts$",
          "^app/[a-z]+\\.ts$",
        ],
        pathNot: ["\\.server\\.ts$", "\\.test\\.tsx?$", RESOURCE_ROUTES, "^app/routes\\.ts$"],
      },
      // Type-only imports vanish from the bundle, so a component may name a server module's types.
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-orphans",
      severity: "error",
      comment: "A module nothing imports is dead (knip finds unused exports).",
      from: {
        orphan: true,
        pathNot: [
          "\\.test\\.tsx?$",
          "\\.d\\.ts$",
          "^app/(root|entry\\.server|routes)\\.tsx?$",
          "(^|/)[^/]*\\.config\\.(js|ts|cjs)$",
          "^\\.dependency-cruiser\\.cjs$",
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules|\\.data|public)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs", ".json", ".css"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
