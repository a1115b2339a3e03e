/** One line of the exposition, in the shape prom-client's registry formats (its typings name the type as an enum). */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/** Latency buckets in seconds: from a cached read to a slow import page. */
export const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The counts of one label combination, kept by whoever observes it so that an observation only adds numbers. */
export class HistogramSeries {
  readonly bucketCounts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly upperBounds: readonly number[],
  ) {
    this.bucketCounts = new Float64Array(upperBounds.length);
  }

  observe(seconds: number): void {
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]) {
        this.bucketCounts[i] += 1;
        break;
      }
    }
    this.sum += seconds;
    this.count += 1;
  }
}

/**
 * A Prometheus histogram whose label combinations are prepared once (a route, a subject and outcome) and observed
 * through the series object itself: prom-client's own `observe` builds a label object and hashes it on every call,
 * and these are observed on every request. prom-client's registry reads it as any other metric.
 */
export class PreparedHistogram {
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly upperBounds: readonly number[] = LATENCY_BUCKETS_SECONDS,
  ) {}

  /** The series of these label values (in labelNames order), created on first use. Keep it: this call hashes. */
  seriesOf(...labelValues: string[]): HistogramSeries {
    const key = labelValues.join('\u0000');
    let series = this.series.get(key);
    if (!series) {
      const labels = Object.fromEntries(this.labelNames.map((name, i) => [name, labelValues[i]]));
      series = new HistogramSeries(labels, this.upperBounds);
      this.series.set(key, series);
    }
    return series;
  }

  get(): { name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Sample[] } {
    const values: Sample[] = [];
    for (const series of this.series.values()) {
      if (series.count === 0) continue;
      let cumulative = 0;
      this.upperBounds.forEach((bound, i) => {
        cumulative += series.bucketCounts[i];
        values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: bound }, value: cumulative });
      });
      values.push(
        { metricName: `${this.name}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count },
        { metricName: `${this.name}_sum`, labels: series.labels, value: series.sum },
        { metricName: `${this.name}_count`, labels: series.labels, value: series.count },
      );
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
