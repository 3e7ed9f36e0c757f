import { TEXTS } from '@rush/domain';

/** SPEC 2 landing ban notice: a banned user is told why and whom to write to. */
export function BanNotice({ supportEmail }: { supportEmail: string }) {
  return (
    <div className="notice notice-error ban-notice" role="alert">
      <span>{TEXTS.loginDisabled(supportEmail)}</span>
    </div>
  );
}
