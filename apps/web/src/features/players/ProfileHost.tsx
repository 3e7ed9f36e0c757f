import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ProfileDialog } from './ProfileDialog.tsx';
import { closeProfile, useProfileRequest } from './profileRequests.ts';

/**
 * Draws the profile a PlayerName asked for, over whatever page (or dialog) is open; the app shell
 * loads it (and the dialog with it) when a profile is first asked for, so no page's first load
 * carries it. The profile belongs to the place it was opened on: moving to another page, or
 * closing the overlay it was opened from, closes it too (Back must not leave it over another page).
 */
export function ProfileHost() {
  const request = useProfileRequest();
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);
  useEffect(() => {
    const here = `${pathname}${search}`;
    if (here !== shown.current) closeProfile();
    shown.current = here;
  }, [pathname, search]);
  if (!request) return null;
  return <ProfileDialog key={request.uid} request={request} onClose={closeProfile} />;
}
