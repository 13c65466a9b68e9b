export { memePage } from './meme-page.js';
export { findMemeFilesInUse } from './memes.repository.js';
export { findMemeForNewImage, memeHeight, memeWidth, setMemeImage } from './memes.service.js';
export { createTemplateLibrary } from './templates.js';
export { default as memesRoutes } from './memes.routes.js';
export { findUsersWithMemes } from './meme-makers.repository.js';
