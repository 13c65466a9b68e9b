export { getDemoRemoved, setDemoRemoved, setDemoStakingStats } from './settings.repository.js';
export { getLaunchSettings, getPointsStats, getStakingStats, type LaunchSettings, type PointsStats, recordRevealedAt, seedRevealSchedule, setNotice, setPause, setPointsStats, setRevealSchedule, setStakingStats, type StoredNotice } from './settings.service.js';
export { countDemoSettings, deleteDemoSettings, hasDemoSettings } from './demo-settings.repository.js';
