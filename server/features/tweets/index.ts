export { default as tweetsRoutes } from './tweets.routes.js';
