import type { Registered } from '../../accounts/support.ts';
import { registerUser } from '../../accounts/support.ts';

/** What the realtime tests keep of a registered user (the accounts tests' Registered). */
export type RegisteredUser = Registered;

/** Registers a fresh user through the real API and logs in; `client` then holds its session cookie. */
export const register = (server: { baseUrl: string }): Promise<RegisteredUser> => registerUser(server);
