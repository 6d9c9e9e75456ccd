import { catalogueSample, walk } from "./bench/first-visits.ts";
import { closeConnections, send } from "./bench/http.ts";
const port = Number(process.argv[2]);
const s = catalogueSample(".data/sandbox");
if (process.argv[3] === "one") {
  for (const p of s.products.slice(22000, 22300)) await send(port, p);
  for (const p of s.listings.slice(1500, 1650)) await send(port, p);
} else {
  const paths = [...s.products.slice(0, Number(process.argv[3])), ...s.categories.map((id) => `/categoria/${id}`)];
  const r = await walk(port, paths, 50, { store: () => undefined });
  console.log(r.tally.count, r.rps.toFixed(1), r.tally.statusList(), "p99", r.tally.percentile(0.99).toFixed(0));
}
closeConnections();
