export {
  getDemoRemoved,
  getLaunchSettings,
  getPointsStats,
  getStakingStats,
  type LaunchSettings,
  type PointsStats,
  recordRevealedAt,
  seedRevealSchedule,
  setDemoRemoved,
  setDemoStakingStats,
  setNotice,
  setPause,
  setPointsStats,
  setRevealSchedule,
  setStakingStats,
  type StoredNotice,
} from './settings.repository.js';
export { countDemoSettings, deleteDemoSettings, hasDemoSettings } from './demo-settings.repository.js';
