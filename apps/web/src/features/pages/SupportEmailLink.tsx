import { DEFAULT_SUPPORT_EMAIL } from '@rush/domain';

/** Props shared by every static page. */
export interface StaticPageProps {
  /** The support address from GET /api/app/config (`supportEmail`); defaults to the built-in one. */
  supportEmail?: string;
}

export function SupportEmailLink({ email = DEFAULT_SUPPORT_EMAIL }: { email?: string | undefined }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
