/**
 * No two folders of app/ (the shop's parts and the shared folders) use each other, whatever
 * modules do the importing: when cart uses layout, nothing in layout may use cart, directly or
 * round a longer loop (docs/decisions/0490).
 *
 * A rule of folder scope sees every folder as the sum of the modules below it, so it runs on a
 * graph of its own: the app's entry files (root.tsx, entry.server.tsx, routes.ts) compose every
 * part and every part names the root's types, which would make each folder loop back through
 * `app/` itself; tests/ holds the end-to-end journeys, which use every part.
 */
import base from "./.dependency-cruiser.cjs";

const { options } = base;

export default {
  forbidden: [
    {
      name: "no-two-way-parts",
      severity: "error",
      comment:
        "Two parts that import each other cannot be understood, moved or tested alone: the " +
        "piece both need belongs to one of them or to a shared folder.",
      scope: "folder",
      from: { path: "^app/[^/]+$" },
      to: { path: "^app/[^/]+$", circular: true },
    },
  ],
  options: {
    ...options,
    exclude: { path: [options.exclude.path, "^tests/", "^app/[^/]+\\.tsx?$"] },
  },
};
