import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };
type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

// The plugin's own two stores (its `redis` option builds the first, its default the second).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;

/** The Redis connection of the rate limits and whether its counters are the ones in use. */
export type SharedCounters = {
  redis: Redis;
  /** Whether the counts go to Redis (false: this process's memory, since a failure and until Redis is back). */
  shared(): boolean;
  /** A count failed on Redis (a timeout while connected): logged once, like a lost connection. */
  failed(error: Error): void;
  close(): void;
};

/**
 * Opens the Redis connection of REDIS_URL for the rate limits (decision 036). Commands never wait for
 * a connection (no offline queue, a short timeout): while Redis is away, each count fails at once and
 * the store below counts in memory. The switch to memory and the return to Redis are each logged once.
 */
export function openSharedCounters(url: string, log: Logger): SharedCounters {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 1000,
    // Reconnect for ever, at most every 5 s.
    retryStrategy: (times) => Math.min(times * 250, 5000),
  });
  let shared = true;
  const lost = (error: unknown) => {
    if (!shared) return;
    shared = false;
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "Redis unreachable: rate limits are counted in this process's memory until it answers again",
    );
  };
  redis.on('error', lost);
  redis.on('end', () => lost(new Error('connection closed')));
  redis.on('ready', () => {
    if (shared) return;
    shared = true;
    log.info({}, 'Redis reachable again: rate limits are shared by every process');
  });
  return {
    redis,
    shared: () => shared,
    failed: lost,
    close: () => redis.disconnect(),
  };
}

/**
 * A rate-limit store class for @fastify/rate-limit's `store` option: the plugin's Redis store while
 * Redis answers, its in-memory store otherwise, so that a Redis outage never refuses a request
 * (the limits become per process meanwhile).
 */
export function fallbackStore(counters: SharedCounters, keyPrefix: string) {
  return class FallbackStore implements FastifyRateLimitStore {
    private readonly remote: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(options: StoreOptions, stores?: { remote: FastifyRateLimitStore; local: FastifyRateLimitStore }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.remote = stores?.remote ?? new RedisStore(continueExceeding, exponentialBackoff, counters.redis, keyPrefix);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      if (counters.redis.status !== 'ready') {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.remote.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          counters.failed(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FallbackStore({}, { remote: this.remote.child(routeOptions), local: this.local.child(routeOptions) });
    }
  };
}
