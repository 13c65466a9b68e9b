export { default as securityTxtRoutes } from './security-txt.routes.js';
