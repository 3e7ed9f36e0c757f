/** "skip. don't show again" is remembered in this browser only (SPEC 2: persists locally). */
export const ONBOARDING_DISMISSED_KEY = 'rush.onboarding.dismissed';

export function isOnboardingDismissed(): boolean {
  try {
    return localStorage.getItem(ONBOARDING_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissOnboarding(): void {
  try {
    localStorage.setItem(ONBOARDING_DISMISSED_KEY, '1');
  } catch {
    // storage unavailable: the popup simply shows again next time
  }
}
