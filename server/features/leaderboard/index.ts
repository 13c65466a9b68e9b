export { adjustPoints } from './leaderboard.service.js';
export { default as leaderboardRoutes } from './leaderboard.routes.js';
