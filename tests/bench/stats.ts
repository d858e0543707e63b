/** Small statistics for bench figures: medians of runs and percentiles of latencies. */

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const index = (sorted.length - 1) * q
  const low = Math.floor(index)
  const high = Math.ceil(index)
  const lowValue = sorted[low] as number
  const highValue = sorted[high] as number
  return lowValue + (highValue - lowValue) * (index - low)
}

export const median = (values: number[]) => quantile(values, 0.5)

export const round = (value: number, digits = 1) => {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

export const kib = (bytes: number) => round(bytes / 1024, 1)

/** Runs `work` `count` times over `concurrency` workers; returns each call's latency (ms) and the wall time. */
export async function timeLoop(
  work: () => Promise<unknown>,
  count: number,
  concurrency: number,
): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1
        const t = performance.now()
        await work()
        latencies.push(performance.now() - t)
      }
    }),
  )
  return { latencies, wallMs: performance.now() - started }
}
