// The part of autocannon's programmatic API that bench.mjs uses (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
  };
  type Histogram = { average: number; p50: number; p99: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
