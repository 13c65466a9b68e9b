/** The words every page of the simulated X (and every place the app offers it) carries. */
export const simulatedXLabel = 'Simulated X — local demo';
