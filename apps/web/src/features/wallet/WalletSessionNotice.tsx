import { useLocation } from 'react-router';
import { walletSessionText } from '@rush/domain';
import { Dialog } from '../../ui/Dialog.tsx';
import { Button } from '../../ui/Button.tsx';
import { useCloseOverlay } from '../../ui/overlayFlags.ts';
import { WALLET_FLAG, WALLET_SCREENS } from './walletFlags.ts';

const SCREENS: readonly string[] = Object.values(WALLET_SCREENS);

/**
 * SPEC 7 / 8: a wallet session's answer arrives as /wallet?wallet={message}. Any value that is
 * not one of the wallet's own screens is that answer: a flag shows its text, anything else
 * 'Unable to process' (never the URL's own words).
 */
export function WalletSessionNotice() {
  const value = new URLSearchParams(useLocation().search).get(WALLET_FLAG);
  const close = useCloseOverlay(WALLET_FLAG);
  if (value === null || SCREENS.includes(value)) return null;
  return (
    <Dialog title="Wallet" onClose={close}>
      <p role="alert">{walletSessionText(value)}</p>
      <div className="wallet-form-actions">
        <Button onClick={close}>OK</Button>
      </div>
    </Dialog>
  );
}
