export { default as simulatedXRoutes } from './simulated-x.routes.js';
