export { default as activityRoutes } from './activity.routes.js';
