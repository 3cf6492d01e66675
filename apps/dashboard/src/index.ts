export { createDashboardApp } from './app.ts';
export { dashboardEnv, loadDashboardConfig } from './config.ts';
export { ROUTES } from './routes.ts';
export { invite } from './invitation-mail.ts';
export { start } from './start.ts';
