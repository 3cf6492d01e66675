// What `npm run test:images` prints: each step as it starts and ends, with its time.
const t0 = performance.now();
const clock = () => `${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s`;

export const say = (line: string) => process.stdout.write(`${clock()}  ${line}\n`);

export async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  say(`▶ ${name}`);
  const started = performance.now();
  try {
    const result = await work();
    say(`✔ ${name} (${seconds(performance.now() - started)})`);
    return result;
  } catch (error) {
    say(`✖ ${name} (${seconds(performance.now() - started)})`);
    throw error;
  }
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
