import type { Histogram, Registry } from 'prom-client';

/** A sample as prom-client's registry writes it out: `<metricName>{labels} value`. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/** One series: its buckets' own counts (made cumulative when written out), their sum and count. */
interface Series {
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A histogram of every answer by method, route template and status, as prom-client's `Histogram`
 * would keep it, written out by prom-client's registry in the same lines. What differs is the cost of
 * an observation: prom-client's labelled `observe` validates the labels and hashes them into a key at
 * every call, which made the metrics the costliest step of a session check (bench/README.md, "The
 * access step, before and after"). Here an answer costs three `Map` lookups, by the route's template
 * and the method (strings the router and the HTTP parser hold, their hashes cached) and the status,
 * and one bucket's increment.
 */
export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registers: Registry[],
  ) {
    // prom-client's types list its own four classes; its registry asks a metric for `name`, `help`,
    // `get()` and `reset()` alone.
    for (const registry of registers) registry.registerMetric(this as unknown as Histogram);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = { counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let bucket = 0; bucket < this.buckets.length; bucket += 1) {
      if (seconds <= this.buckets[bucket]!) {
        series.counts[bucket]! += 1;
        break;
      }
    }
    series.sum += seconds;
    series.count += 1;
  }

  /** The samples, as prom-client's Histogram gives them: cumulative buckets, `+Inf`, sum and count. */
  get() {
    const values: Sample[] = [];
    for (const [route, byMethod] of this.series)
      for (const [method, byStatus] of byMethod)
        for (const [status, { counts, sum, count }] of byStatus) {
          const labels = { method, route, status };
          let below = 0;
          this.buckets.forEach((le, bucket) => {
            below += counts[bucket]!;
            values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: below });
          });
          values.push(
            { metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count },
            { metricName: `${this.name}_sum`, labels, value: sum },
            { metricName: `${this.name}_count`, labels, value: count },
          );
        }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
