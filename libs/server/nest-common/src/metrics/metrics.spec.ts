import Fastify, { type FastifyInstance } from 'fastify';
import { observeBusRequest } from './bus-metrics';
import { measureHttpRequests } from './http-metrics';
import { metricsRegistry } from './metrics-registry';
import { registerMetricsRoute, type MetricsAccess } from './metrics-route';
import { PreparedHistogram } from './prepared-histogram';

/** The exposition's sample lines of one metric, e.g. `name{a="b"} 1`. */
async function samplesOf(name: string): Promise<string[]> {
  return (await metricsRegistry.metrics()).split('\n').filter((line) => line.startsWith(`${name}{`));
}

async function server(access: MetricsAccess): Promise<FastifyInstance> {
  const app = Fastify();
  measureHttpRequests(app);
  registerMetricsRoute(app, access);
  app.get('/api/memories/:id', async (request, reply) =>
    (request.params as { id: string }).id === 'missing' ? reply.code(404).send({}) : { ok: true },
  );
  await app.ready();
  return app;
}

describe('a prepared histogram', () => {
  it('exposes cumulative buckets, sum and count of each series in Prometheus format', async () => {
    const histogram = new PreparedHistogram('spec_duration_seconds', 'spec', ['route'], [0.1, 1]);
    const series = histogram.seriesOf('/a');
    expect(histogram.seriesOf('/a')).toBe(series);
    series.observe(0.05);
    series.observe(0.5);
    series.observe(3);
    expect(histogram.get().values).toEqual([
      { metricName: 'spec_duration_seconds_bucket', labels: { route: '/a', le: 0.1 }, value: 1 },
      { metricName: 'spec_duration_seconds_bucket', labels: { route: '/a', le: 1 }, value: 2 },
      { metricName: 'spec_duration_seconds_bucket', labels: { route: '/a', le: '+Inf' }, value: 3 },
      { metricName: 'spec_duration_seconds_sum', labels: { route: '/a' }, value: 3.55 },
      { metricName: 'spec_duration_seconds_count', labels: { route: '/a' }, value: 3 },
    ]);
  });
});

describe('HTTP and bus metrics', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await server({ localOnly: true });
  });

  afterAll(async () => {
    await app.close();
  });

  it('counts answers by route template and status, never by path', async () => {
    await app.inject({ method: 'GET', url: '/api/memories/m1' });
    await app.inject({ method: 'GET', url: '/api/memories/m2' });
    await app.inject({ method: 'GET', url: '/api/memories/missing' });
    await app.inject({ method: 'GET', url: '/no/such/page' });
    const counts = await samplesOf('memories_http_request_duration_seconds_count');
    expect(counts).toEqual(
      expect.arrayContaining([
        'memories_http_request_duration_seconds_count{method="GET",route="/api/memories/:id",status="200"} 2',
        'memories_http_request_duration_seconds_count{method="GET",route="/api/memories/:id",status="404"} 1',
        'memories_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1',
      ]),
    );
    expect(counts.join('\n')).not.toContain('m1');
  });

  it('counts bus requests by subject and outcome', async () => {
    const startedAt = performance.now();
    observeBusRequest('memory.memories.list', 'ok', startedAt);
    observeBusRequest('memory.memories.list', 'ok', startedAt);
    observeBusRequest('memory.memories.list', 'timeout', startedAt);
    expect(await samplesOf('memories_bus_request_duration_seconds_count')).toEqual(
      expect.arrayContaining([
        'memories_bus_request_duration_seconds_count{subject="memory.memories.list",outcome="ok"} 2',
        'memories_bus_request_duration_seconds_count{subject="memory.memories.list",outcome="timeout"} 1',
      ]),
    );
  });

  it("serves the process' metrics, Node's own included, to this machine", async () => {
    const answer = await app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(answer.body).toContain(`\n${name} `);
  });

  it('answers 404 to another machine, and to a request that came through a proxy', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.7' })).statusCode).toBe(404);
    const proxied = await app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '192.0.2.7' } });
    expect(proxied.statusCode).toBe(404);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('answers only the bearer of the token, wherever it comes from', async () => {
    const app = await server({ localOnly: true, token: 'a-long-enough-metrics-token' });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const wrong = { authorization: 'Bearer another-token-of-some-length' };
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode).toBe(404);
      const right = { authorization: 'Bearer a-long-enough-metrics-token' };
      const answer = await app.inject({ method: 'GET', url: '/metrics', headers: right, remoteAddress: '192.0.2.7' });
      expect(answer.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
