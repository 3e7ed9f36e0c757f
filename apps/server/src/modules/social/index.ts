/** The social module's public surface: other modules and the composition root import only this. */
export { FriendshipStore } from './friends.store.ts';
export { registerSocial } from './module.ts';
