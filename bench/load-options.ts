/** The command-line options every HTTP bench mode takes, for `parseArgs`: the list's size, the load, the legs and what is kept. */
export const loadArgOptions = {
  records: { type: 'string', default: '1000000' },
  seconds: { type: 'string', default: '10' },
  'warm-up': { type: 'string', default: '3' },
  connections: { type: 'string', default: '100' },
  rounds: { type: 'string', default: '3' },
  only: { type: 'string' },
  keep: { type: 'boolean', default: false },
  'cpu-prof': { type: 'string' },
  'open-seconds': { type: 'string', default: '60' },
  'open-warm-up': { type: 'string', default: '10' },
  'open-rounds': { type: 'string', default: '3' },
} as const;
