// Letters for a 0-100 score (CONTRACT.md): A >= 90, B >= 80, C >= 70, D >= 60, E >= 50, F below.
const LETTERS: Array<[number, string]> = [
  [90, 'A'],
  [80, 'B'],
  [70, 'C'],
  [60, 'D'],
  [50, 'E'],
];

export function gradeFor(score: number): string {
  for (const [min, letter] of LETTERS) if (score >= min) return letter;
  return 'F';
}

/** lighthouse: performance weighs 60%, structure 40%. */
export const blendedScore = (performance: number, structure: number) => Math.round(performance * 0.6 + structure * 0.4);
