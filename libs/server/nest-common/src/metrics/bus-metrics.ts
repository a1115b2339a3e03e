import { registerPreparedMetric } from './metrics-registry';
import { PreparedHistogram, type HistogramSeries } from './prepared-histogram';

/**
 * How a bus request ended: answered (`ok`, or `error` when the service answered with an error of its own), not in
 * time (`timeout`), nobody listening (`no_responders`), or the bus itself unreachable (`unavailable`).
 */
export const BUS_OUTCOMES = ['ok', 'error', 'timeout', 'no_responders', 'unavailable'] as const;
export type BusOutcome = (typeof BUS_OUTCOMES)[number];

const busRequestDuration = registerPreparedMetric(
  new PreparedHistogram(
    'memories_bus_request_duration_seconds',
    'Time from sending a bus request to its answer or failure, by subject and outcome',
    ['subject', 'outcome'],
  ),
);

type SubjectSeries = Record<BusOutcome, HistogramSeries>;
const bySubject = new Map<string, SubjectSeries>();

/** Records one request of `subject` that took from `startedAt` (performance.now()) until now. */
export function observeBusRequest(subject: string, outcome: BusOutcome, startedAt: number): void {
  let series = bySubject.get(subject);
  if (!series) {
    series = Object.fromEntries(
      BUS_OUTCOMES.map((name) => [name, busRequestDuration.seriesOf(subject, name)]),
    ) as SubjectSeries;
    bySubject.set(subject, series);
  }
  series[outcome].observe((performance.now() - startedAt) / 1000);
}
