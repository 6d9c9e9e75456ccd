/** The requests' durations, one observation a request (server/request-log.ts). */
import { Histogram, type HistogramConfiguration } from "prom-client";

export type RequestLabel = "route" | "method" | "status";

/** One label set's observations: the count in each bucket (the last past every bound), sum. */
interface Series {
  labels: Record<RequestLabel, string>;
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * The requests' durations: a prom-client histogram whose label sets are found by their values,
 * each in a map of the one before, and counted in plain arrays. prom-client's own `observe`
 * checks the labels and writes them out as a key on every call: a quarter of what an answer from
 * memory did besides Node's own reading and writing (docs/decisions/0675). `record` is the one
 * way in.
 */
export class RequestDurations extends Histogram<RequestLabel> {
  readonly #byRoute = new Map<string, Map<string, Map<string, Series>>>();
  readonly #name: string;
  readonly #help: string;
  readonly #bounds: readonly number[];

  constructor(configuration: HistogramConfiguration<RequestLabel>) {
    super(configuration);
    this.#name = configuration.name;
    this.#help = configuration.help;
    this.#bounds = configuration.buckets ?? [];
  }

  record(route: string, method: string, status: string, seconds: number) {
    let byMethod = this.#byRoute.get(route);
    if (!byMethod) this.#byRoute.set(route, (byMethod = new Map<string, Map<string, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<string, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      const labels = { route, method, status };
      series = { labels, buckets: [...this.#bounds, Infinity].map(() => 0), sum: 0, count: 0 };
      byStatus.set(status, series);
    }
    let bucket = 0;
    while (bucket < this.#bounds.length && seconds > this.#bounds[bucket]) bucket++;
    series.buckets[bucket] += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /**
   * The samples, as prom-client's registry (and its `get`) reads a histogram's in place of the
   * records its `observe` keeps: cumulative buckets, sum and count of each label set.
   */
  getForPromString() {
    // In prom-client's shape: the label set as shared labels, `le` as the sample's own.
    const sample = (
      kind: string,
      own: Record<string, string | number>,
      labels: Series["labels"],
      value: number,
    ) => ({ metricName: `${this.#name}_${kind}`, labels: own, sharedLabels: labels, value });
    const values = [];
    for (const byMethod of this.#byRoute.values()) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, buckets, sum, count } of byStatus.values()) {
          let cumulative = 0;
          for (const [i, le] of [...this.#bounds, "+Inf"].entries()) {
            cumulative += buckets[i];
            values.push(sample("bucket", { le }, labels, cumulative));
          }
          values.push(sample("sum", {}, labels, sum), sample("count", {}, labels, count));
        }
      }
    }
    return { name: this.#name, help: this.#help, type: "histogram", aggregator: "sum", values };
  }

  override reset() {
    // prom-client's constructor resets the histogram before this class's fields are made.
    if (#byRoute in this) this.#byRoute.clear();
  }
}
