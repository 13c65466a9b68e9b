export { lookupsInLastHour, pruneLookupCounts } from './lookup-counts.service.js';
export { default as lookupCounts } from './lookup-counts.plugin.js';
