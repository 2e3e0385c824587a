/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    requests?: (RawRequest & { setupRequest?: (request: RawRequest) => RawRequest })[];
  };
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; total: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
