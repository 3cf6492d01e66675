// Where in its interval a new monitor runs (monitors.phase_ms). A random phase (the column's default)
// clusters by chance: 30 browser monitors at one minute on one worker had runs due together, the later
// ones starting up to 9 s after their slot while two ran. The n-th monitor of a kind takes the n-th point
// of the golden-ratio sequence instead: any count of consecutive points splits the interval into gaps of
// at most three sizes within a factor φ² of each other (the three-gap theorem), so a kind's runs arrive
// evenly whatever their number.

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The phase in ms of the n-th monitor (counted from 0) of an interval of `intervalSeconds`. */
export const spreadPhase = (n: number, intervalSeconds: number): number =>
  Math.floor(((n * GOLDEN) % 1) * intervalSeconds * 1000);
