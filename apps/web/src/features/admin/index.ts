/** admin's entry: the console and a report's page (app/ loads each on demand from its own file). */
export { AdminPage } from './AdminPage.tsx';
export { ReportPage } from './ReportPage.tsx';
