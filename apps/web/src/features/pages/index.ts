/** pages' entry: the static pages (app/ loads each on demand from its own file: routes.tsx). */
export { AboutPage } from './AboutPage.tsx';
export { NotFoundPage } from './NotFoundPage.tsx';
export { PrivacyPage } from './PrivacyPage.tsx';
export { SecurityPage } from './SecurityPage.tsx';
export { ServerErrorPage } from './ServerErrorPage.tsx';
export { SupportPage } from './SupportPage.tsx';
export { TermsPage } from './TermsPage.tsx';
