// A kind's runner and what a run gets from the host: the contract is the kinds' own (packages/test-kinds).
export type { KindRunner, RunContext } from '@pageprobe/test-kinds';
