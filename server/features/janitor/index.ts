export { runJanitorPass } from './janitor.service.js';
export { default as janitor } from './janitor.plugin.js';
