// The part of autocannon's programmatic API that bench.mjs uses (the package ships no types).
declare module 'autocannon' {
  type RequestParams = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  /** One request of a sequence: `setupRequest` may rewrite it, `onResponse` sees the answer. */
  export type Request = {
    setupRequest?: (request: RequestParams) => RequestParams;
    onResponse?: (status: number, body: string) => void;
  };
  type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
  };
  type Histogram = { average: number; p50: number; p99: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  /** The running benchmark: awaitable for its result, and an emitter of each answer (time in ms). */
  type Run = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  };
  function autocannon(options: Options): Run;
  export default autocannon;
}
