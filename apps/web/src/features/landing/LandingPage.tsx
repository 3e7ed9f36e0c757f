import { useState } from 'react';
import { useLocation } from 'react-router';
import { anyModalOpen } from '../../ui/overlayFlags.ts';
import { useAppConfig, useSession } from '../../api/session.ts';
import { AddChessAccountPopup } from './AddChessAccountPopup.tsx';
import { BanNotice } from './BanNotice.tsx';
import { EMAIL_VERIFIED_PARAM, EmailVerifiedNotice } from './EmailVerifiedNotice.tsx';
import { Hero } from './Hero.tsx';
import { LandingDashboard } from './LandingDashboard.tsx';
import { LandingPromos } from './LandingPromos.tsx';
import { OnlineUsers } from '../online/index.ts';
import { isOnboardingDismissed } from './onboarding.ts';
import { OnboardingPopup } from './OnboardingPopup.tsx';
import { VerifyEmailPopup } from './VerifyEmailPopup.tsx';
import './landing.css';

/**
 * The popups of / one at a time: onboarding first, then (users) the email verification, then
 * (verified users without a linked chess account) "add chess account".
 */
function LandingPopups() {
  const { me } = useSession();
  const { search } = useLocation();
  const [onboardingOpen, setOnboardingOpen] = useState(() => !isOnboardingDismissed());
  const [verifyOpen, setVerifyOpen] = useState(true);
  const [chessOpen, setChessOpen] = useState(true);
  // Linked from the popup: it stays up so its success message can be read.
  const [linkedHere, setLinkedHere] = useState(false);
  if (anyModalOpen(search)) return null;
  if (onboardingOpen) return <OnboardingPopup onClose={() => setOnboardingOpen(false)} />;
  const justVerified = new URLSearchParams(search).has(EMAIL_VERIFIED_PARAM);
  if (me && !me.emailVerified && !justVerified && verifyOpen) {
    return <VerifyEmailPopup me={me} onClose={() => setVerifyOpen(false)} />;
  }
  // Not on the visit that just verified the email: its success notice has the stage then.
  if (me && me.emailVerified && !justVerified && chessOpen && (me.chessUsername === null || linkedHere)) {
    return <AddChessAccountPopup me={me} onLinked={() => setLinkedHere(true)} onClose={() => setChessOpen(false)} />;
  }
  return null;
}

/**
 * SPEC 2 landing (/): the ban notice, the hero with the live player count, then games played,
 * the ongoing matches, the top 15 and the user's recent game (LandingDashboard), the promos
 * (cheat detection, feedback, community), then the online users list.
 */
export function LandingPage() {
  const { me } = useSession();
  const { productName, supportEmail, communityUrl } = useAppConfig();
  return (
    <div className="landing">
      {me?.banned ? <BanNotice supportEmail={supportEmail} /> : null}
      <EmailVerifiedNotice />
      <Hero me={me} productName={productName} />
      <LandingDashboard me={me} />
      <LandingPromos communityUrl={communityUrl} />
      <OnlineUsers me={me} />
      <LandingPopups />
    </div>
  );
}
