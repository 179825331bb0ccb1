import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * Prometheus metrics of this instance, in a registry of its own: tests build several apps in one process, and
 * prom-client's global registry would mix them (or refuse a metric registered twice). Counters are incremented
 * where things happen (push plugin, phone verification, event hub); gauges of state are read at scrape time.
 */
export interface Metrics {
  registry: Registry
  /** Push notifications by outcome: sent, failed, expired (subscription gone), refused (PUSH_ENDPOINT_HOSTS). */
  pushes: Counter<'outcome'>
  /** Verification SMS handed to the transport (outbox or gateway). */
  smsSent: Counter
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

interface RouteSeries {
  duration: ReturnType<Histogram<'method' | 'route'>['labels']>
  byStatus: Map<number, ReturnType<Counter<'method' | 'route' | 'status_code'>['labels']>>
}

/** Label of every request no route matched: raw URLs would make a series per scanner probe (and per phone). */
export const UNMATCHED_ROUTE = 'unmatched'

export default fp(
  async (app) => {
    const registry = new Registry()
    // Process memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_*), on this app's registry only.
    collectDefaultMetrics({ register: registry })
    const registers = [registry]

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    })
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its answer, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    // Each route's label values, bound once (`labels`): no label object per request. prom-client still hashes and
    // checks them on every call (docs/performance.md, "The cost of a request").
    const series = new Map<string, RouteSeries>()
    const seriesOf = (method: string, route: string): RouteSeries => {
      const key = `${method} ${route}`
      let found = series.get(key)
      if (!found) {
        found = { duration: duration.labels(method, route), byStatus: new Map() }
        series.set(key, found)
      }
      return found
    }
    // The whole server's hook: every answer is counted, unknown paths and the app's files too.
    app.addHook('onResponse', (request, reply, done) => {
      // The pattern (`/api/user/:phone/newpassword`), never the URL: bounded label values, and no phone numbers.
      const pattern = request.routeOptions.url ?? UNMATCHED_ROUTE
      const route = seriesOf(request.method, pattern)
      let counter = route.byStatus.get(reply.statusCode)
      if (!counter) {
        counter = requests.labels(request.method, pattern, String(reply.statusCode))
        route.byStatus.set(reply.statusCode, counter)
      }
      counter.inc()
      route.duration.observe(reply.elapsedTime / 1000)
      done()
    })

    new Gauge({
      name: 'events_clients_connected',
      help: 'Live event stream (WebSocket) clients authenticated on this instance.',
      registers,
      collect() {
        this.set(app.events.hub.clients.size)
      },
    })
    new Gauge({
      name: 'push_queue_waiting',
      help: 'Push notifications queued in the database (shared by every instance), sending or waiting to retry.',
      registers,
      async collect() {
        this.set(await app.push.queue.waiting())
      },
    })
    new Gauge({
      name: 'db_queries_in_flight',
      help: 'Database queries and transactions started and not yet finished: each holds a pool connection or waits for one.',
      registers,
      collect() {
        this.set(app.dbInFlight())
      },
    })
    new Gauge({
      name: 'db_pool_max',
      help: 'Connections the database pool may open (DATABASE_POOL_MAX; 1 for the embedded database).',
      registers,
      collect() {
        this.set(app.sql.options.max)
      },
    })

    const eventsDelivered = new Counter({
      name: 'events_delivered_total',
      help: 'Events written to live event stream sockets, by event type.',
      labelNames: ['type'] as const,
      registers,
    })
    // The hub exists once every plugin has loaded; this plugin loads first so that its hook sees every route.
    app.addHook('onReady', async () => {
      app.events.hub.onSent = (type, count) => eventsDelivered.inc({ type }, count)
    })

    app.decorate<Metrics>('metrics', {
      registry,
      pushes: new Counter({
        name: 'push_notifications_total',
        help: 'Push notifications by outcome: sent, failed, expired (subscription removed), refused (endpoint not allowed).',
        labelNames: ['outcome'] as const,
        registers,
      }),
      smsSent: new Counter({
        name: 'sms_sent_total',
        help: 'Verification SMS handed to the SMS transport.',
        registers,
      }),
    })
  },
  { name: 'metrics' },
)
