/** The pool shown for season 2 is its 90M plus its 20% of the season 1 forfeit, to the whole token. */
export const seasonTwo = {
  startBlock: 912_690,
  endBlock: 921_330,
  poolShown: 92_117_455,
} as const;
