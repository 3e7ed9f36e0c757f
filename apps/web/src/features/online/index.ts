/** online's public surface: the list of players online (on the landing). */
export { OnlineUsers } from './OnlineUsers.tsx';
