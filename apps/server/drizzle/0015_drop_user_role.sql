-- Issue 10: the admin role is derived at every request from ADMIN_EMAILS and the verified
-- address (domain roleOf); a stored grant could only go stale (an unverified sign-up with a
-- listed address, or an address since removed from the list).
ALTER TABLE "users" DROP COLUMN "role";
