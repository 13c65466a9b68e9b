/** Where stored images are served; the page fallback and load shedding leave this prefix alone. */
export const uploadsPrefix = '/uploads/';

/** The cookie that carries a signed-in session; the API document names it as the security scheme. */
export const sessionCookieName = 'acorn_session';
