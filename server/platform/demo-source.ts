/** The source name that marks the demo data set's rows in every table that has a source. */
export const demoSource = 'demo';
