export { type LaunchMonitor, launchSettings, launchStateTtlMs, parseRevealSchedule, pause, resume, revealAt, revealAtRefusal, revealNow, type RevealSchedule, seedReveal, setLaunchNotice } from './launch.service.js';
export { revealGateResponses } from './reveal-gate.plugin.js';
export { default as launch } from './reveal-gate.plugin.js';
