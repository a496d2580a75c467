import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every metric recite exports, on one prom-client registry per server (tests build several servers in one process).
 * Label values are bounded sets (route templates, status codes, engine ids, categories, outcomes): never a key, an
 * account or a text, so cardinality stays flat however many customers there are.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  errors: Counter<'code'>;
  charactersSynthesised: Counter<'engine'>;
  audioSeconds: Counter<'engine'>;
  realTimeFactor: Histogram<'engine'>;
  engineActiveCalls: Gauge<'engine'>;
  jobAttempts: Counter<'kind' | 'outcome'>;
  jobFailures: Counter<'kind' | 'cause'>;
  credits: Counter<'operation'>;
  moderationVerdicts: Counter<'provider' | 'category'>;
  moderationDuration: Histogram<'provider'>;
  moderationFailClosed: Counter;
  rateLimitRefusals: Counter<'limit'>;
  storageDuration: Histogram<'operation'>;
  storageErrors: Counter<'operation'>;
  webhookDeliveries: Counter<'outcome'>;
  /** Gauges that read live state when scraped; wired by the services once the stores exist. */
  setCollectors(collectors: MetricCollectors): void;
}

export interface MetricCollectors {
  engineQueueDepth(): Record<string, number>;
  encoderQueue(): { queued: number; busy: number; workers: number };
  jobsByState(): Promise<Record<string, number>> | Record<string, number>;
  oldestWaitingJobAgeSeconds(): Promise<number> | number;
  creditsHeld(): Promise<number> | number;
}

/** prom-client's defaults that Bun cannot fill or that break Prometheus naming rules (gauges ending in _total). */
const DROPPED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of DROPPED_DEFAULTS) registry.removeSingleMetric(name);
  const registers = [registry];
  let collectors: MetricCollectors | undefined;

  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'recite_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'recite_http_request_duration_seconds',
      help: 'Time to the response headers (a streamed MP3 keeps flowing after this), by method and route template.',
      labelNames: ['method', 'route'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    errors: new Counter({
      name: 'recite_errors_total',
      help: 'Error responses by the error code in their envelope.',
      labelNames: ['code'],
      registers,
    }),
    charactersSynthesised: new Counter({
      name: 'recite_synthesis_characters_total',
      help: 'Characters (Unicode code points) sent to a speech engine.',
      labelNames: ['engine'],
      registers,
    }),
    audioSeconds: new Counter({
      name: 'recite_synthesis_audio_seconds_total',
      help: 'Seconds of audio a speech engine produced.',
      labelNames: ['engine'],
      registers,
    }),
    realTimeFactor: new Histogram({
      name: 'recite_synthesis_real_time_factor',
      help: 'Audio seconds produced per wall-clock second of one synthesis call (higher is faster).',
      labelNames: ['engine'],
      buckets: [1, 5, 10, 20, 40, 80, 160, 320, 640, 1280],
      registers,
    }),
    engineActiveCalls: new Gauge({
      name: 'recite_engine_busy_workers',
      help: 'Synthesis calls running now (each holds one engine worker).',
      labelNames: ['engine'],
      registers,
    }),
    jobAttempts: new Counter({
      name: 'recite_job_attempts_total',
      help: 'Job attempts that ended, by job kind and outcome (completed, retrying, failed, handed_back).',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
    jobFailures: new Counter({
      name: 'recite_job_failures_total',
      help: 'Failed job attempts by job kind and cause (an error code or error class, never a message).',
      labelNames: ['kind', 'cause'],
      registers,
    }),
    credits: new Counter({
      name: 'recite_credits_total',
      help: 'Credits moved through the ledger, by operation (reserved, captured, voided).',
      labelNames: ['operation'],
      registers,
    }),
    moderationVerdicts: new Counter({
      name: 'recite_moderation_verdicts_total',
      help: 'Moderation verdicts by provider and flagged category ("none" when the text passed).',
      labelNames: ['provider', 'category'],
      registers,
    }),
    moderationDuration: new Histogram({
      name: 'recite_moderation_duration_seconds',
      help: 'Time one moderation provider call took.',
      labelNames: ['provider'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    moderationFailClosed: new Counter({
      name: 'recite_moderation_fail_closed_total',
      help: 'Requests refused with 503 moderation_unavailable because screening could not give a verdict.',
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'recite_rate_limit_refusals_total',
      help: 'Requests refused by a limit: per-key rate (rate_limited), monthly key cap (key_cap_exceeded).',
      labelNames: ['limit'],
      registers,
    }),
    storageDuration: new Histogram({
      name: 'recite_storage_operation_duration_seconds',
      help: 'Time one audio storage operation took, by operation.',
      labelNames: ['operation'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    storageErrors: new Counter({
      name: 'recite_storage_errors_total',
      help: 'Audio storage operations that threw, by operation.',
      labelNames: ['operation'],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'recite_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, retrying, failed).',
      labelNames: ['outcome'],
      registers,
    }),
    setCollectors(value) {
      collectors = value;
    },
  };

  new Gauge({
    name: 'recite_engine_queue_depth',
    help: 'Synthesis calls waiting for a free engine worker.',
    labelNames: ['engine'],
    registers,
    collect() {
      if (!collectors) return;
      this.reset();
      for (const [engine, depth] of Object.entries(collectors.engineQueueDepth())) this.set({ engine }, depth);
    },
  });
  new Gauge({
    name: 'recite_encoder_queue_depth',
    help: 'MP3 encoding streams waiting for a free encoder worker.',
    registers,
    collect() {
      if (collectors) this.set(collectors.encoderQueue().queued);
    },
  });
  new Gauge({
    name: 'recite_encoder_busy_workers',
    help: 'MP3 encoder workers encoding a stream now.',
    registers,
    collect() {
      if (collectors) this.set(collectors.encoderQueue().busy);
    },
  });
  new Gauge({
    name: 'recite_jobs',
    help: 'Jobs in the database by state (queued, running, retrying, completed, failed).',
    labelNames: ['state'],
    registers,
    async collect() {
      if (!collectors) return;
      this.reset();
      for (const [state, count] of Object.entries(await collectors.jobsByState())) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'recite_oldest_waiting_job_age_seconds',
    help: 'How long the oldest job that is due has waited for a worker (0 when none waits).',
    registers,
    async collect() {
      if (collectors) this.set(await collectors.oldestWaitingJobAgeSeconds());
    },
  });
  new Gauge({
    name: 'recite_credits_held',
    help: 'Credits reserved by requests and jobs in flight, not yet captured or voided.',
    registers,
    async collect() {
      if (collectors) this.set(await collectors.creditsHeld());
    },
  });
  return metrics;
}

/** A bounded label for a thrown value: its error code, else its class name, never its message. */
export function causeOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^[a-z_]{1,40}$/i.test(code)) return code;
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name)) return name;
  }
  return 'error';
}
