/** landing's entry: the landing page (in the app's first load). */
export { LandingPage } from './LandingPage.tsx';
